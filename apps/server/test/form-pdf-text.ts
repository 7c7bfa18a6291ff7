import {
  type PDFDocument as Doc,
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
} from 'pdf-lib';

/**
 * Reads back the text of the declaration PDFs (forms.pdf.ts: pdf-lib with the embedded DejaVu fonts, two-byte glyph
 * codes mapped to Unicode by each font's ToUnicode CMap): one string per `Tj`, in drawing order, per page. It is not
 * a general PDF text extractor, only what the forms tests need to read what a person reading the PDF would read.
 */

function streamsOf(doc: Doc, contents: PDFObject | undefined): PDFRawStream[] {
  const obj = contents ? doc.context.lookup(contents) : undefined;
  if (obj instanceof PDFArray) return obj.asArray().flatMap((r) => streamsOf(doc, r));
  return obj instanceof PDFRawStream ? [obj] : [];
}

const hex4 = (h: string) => Number.parseInt(h, 16);

/** The code-to-text map of a ToUnicode CMap (bfchar and bfrange entries). */
function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const unicode = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map(hex4));
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(hex4(m[1] ?? ''), unicode(m[2] ?? ''));
    }
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const [lo, hi, start] = [hex4(m[1] ?? ''), hex4(m[2] ?? ''), hex4(m[3] ?? '')];
      for (let c = lo; c <= hi; c++) map.set(c, String.fromCodePoint(start + c - lo));
    }
  }
  return map;
}

/** The text lines of each page of a declaration PDF. */
export async function formPdfLines(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true });
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<number, string>>();
    const resources = page.node.Resources();
    const fontDict = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref);
      const toUnicode = font instanceof PDFDict ? doc.context.lookup(font.get(PDFName.of('ToUnicode'))) : undefined;
      if (toUnicode instanceof PDFRawStream) {
        fonts.set(name.asString(), cmapOf(Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1')));
      }
    }
    const lines: string[] = [];
    for (const stream of streamsOf(doc, page.node.get(PDFName.of('Contents')))) {
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      let current = new Map<number, string>();
      for (const m of ops.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
        if (m[1]) current = fonts.get(m[1]) ?? new Map();
        else lines.push((m[2]?.match(/.{4}/g) ?? []).map((h) => current.get(hex4(h)) ?? '').join(''));
      }
    }
    return lines;
  });
}

/** The whole text of a declaration PDF, one line per drawn line. */
export async function formPdfText(bytes: Uint8Array): Promise<string> {
  return (await formPdfLines(bytes)).map((p) => p.join('\n')).join('\n');
}
