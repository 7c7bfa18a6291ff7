import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  StandardFonts,
} from 'pdf-lib';

/**
 * Reads back the text of the PDFs our report writer makes (pdf-lib with the standard Helvetica fonts): every
 * `Tm` + `Tj` pair of each page's content streams, decoded from WinAnsi, with its position and size. It is not a
 * general PDF text extractor (no other fonts, no TJ arrays), only what the tests need to assert layout.
 */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  size: number;
}

/** WinAnsi is Latin-1 except 0x80-0x9F; our texts (Spanish, Portuguese, English) stay in Latin-1. */
const winAnsi = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');

function streamsOf(doc: PDFDocument, contents: PDFObject | undefined): PDFRawStream[] {
  const obj = contents ? doc.context.lookup(contents) : undefined;
  if (obj instanceof PDFArray) return obj.asArray().flatMap((r) => streamsOf(doc, r));
  return obj instanceof PDFRawStream ? [obj] : [];
}

/** The text items of every page, in drawing order. */
export async function pdfPages(bytes: Uint8Array): Promise<{ width: number; height: number; items: PdfTextItem[] }[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const items: PdfTextItem[] = [];
    for (const stream of streamsOf(doc, page.node.get(PDFName.of('Contents')))) {
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      let size = 0;
      let x = 0;
      let y = 0;
      for (const m of ops.matchAll(/\/\S+ ([\d.]+) Tf|1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm|<([0-9A-Fa-f]*)> Tj/g)) {
        if (m[1]) size = Number(m[1]);
        else if (m[2] !== undefined) {
          x = Number(m[2]);
          y = Number(m[3]);
        } else items.push({ text: winAnsi(m[4] ?? ''), x, y, size });
      }
    }
    const { width, height } = page.getSize();
    return { width, height, items };
  });
}

/** Each page's text, its items joined by new lines. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  return (await pdfPages(bytes)).map((p) => p.items.map((i) => i.text).join('\n'));
}

/** The width of a text in Helvetica at a size (the right end of a right-aligned label). */
export async function helveticaWidth(text: string, size: number): Promise<number> {
  const doc = await PDFDocument.create();
  return (await doc.embedFont(StandardFonts.Helvetica)).widthOfTextAtSize(text, size);
}
