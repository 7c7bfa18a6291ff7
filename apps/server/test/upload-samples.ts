import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/*
 * PDFs with active content, made here with pdf-lib (no binary fixtures), and a zip bomb dressed as an .xlsx: the
 * samples of the one upload check's tests (issue 22).
 */

async function withCatalog(edit: (doc: PDFDocument) => void, opts: { useObjectStreams?: boolean } = {}) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  edit(doc);
  return Buffer.from(await doc.save({ useObjectStreams: opts.useObjectStreams ?? true }));
}

/** A PDF that runs JavaScript when opened (/OpenAction of type /JavaScript), packed in an object stream by default. */
export const pdfWithOpenActionJs = (opts?: { useObjectStreams?: boolean }) =>
  withCatalog((doc) => {
    const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hi")') });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  }, opts);

/** A PDF that starts a program when opened (/OpenAction of type /Launch). */
export const pdfWithLaunch = (opts?: { useObjectStreams?: boolean }) =>
  withCatalog((doc) => {
    const action = doc.context.obj({ Type: 'Action', S: 'Launch', F: PDFString.of('calc.exe') });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  }, opts);

/** A PDF carrying an embedded file (the /EmbeddedFiles name tree, pdf-lib's attach). */
export async function pdfWithEmbeddedFile() {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  await doc.attach(Buffer.from('echo hello'), 'run.bat', { mimeType: 'text/plain', description: 'a script' });
  return Buffer.from(await doc.save());
}

/** A page whose additional actions (/AA) run JavaScript, the action's names written with #xx escapes. */
export const pdfWithEscapedPageJs = () =>
  withCatalog(
    (doc) => {
      const action = doc.context.obj({ S: PDFName.of('J#61vaScript'), JS: PDFString.of('app.alert(2)') });
      doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: doc.context.register(action) }));
    },
    { useObjectStreams: false },
  );

/** An ordinary PDF with a link (/URI), which is accepted. */
export const plainPdfWithLink = () =>
  withCatalog((doc) => {
    const link = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [10, 10, 100, 30],
      A: { S: 'URI', URI: PDFString.of('https://example.com') },
    });
    doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  });

/** A one-entry zip (stored as deflate) whose directory declares `size` uncompressed bytes for `compressed`. */
export function zipWith(name: string, compressed: Buffer, size: number) {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(30 + n.length + compressed.length, 16);
  return Buffer.concat([local, n, compressed, central, n, end]);
}

/**
 * A one-entry zip named like a workbook whose sheet is `size` bytes of zeros compressed to a few kB: the directory
 * declares the true size (a ratio of about 1000), or `declared` to lie about it.
 */
export function zipBombXlsx(size = 50 * 1024 * 1024, declared = size, name = 'xl/workbook.xml') {
  return zipWith(name, zlib.deflateRawSync(Buffer.alloc(size)), declared);
}
