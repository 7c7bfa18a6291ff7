import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { A4, embedDejaVu, embedLogo } from '../../lib/pdf-doc';

/**
 * The inspector's PDF (issue 28): a document a person reads from start to end, A4, DejaVu Sans (accents of Spanish
 * and Portuguese), the company's logo and name at the head, then each section with its heading and its items
 * (a heading and lines of text, never a code or JSON), a section without data saying so in words, the page
 * number and the company at every page's foot. Files handed over with it (the declarations' signed PDFs) are
 * attached to the PDF as embedded files. The layout knows nothing of customers or periods: inspection.customer.ts
 * and inspection.period.ts write the words.
 */

/** Rows of a long list printed in an inspector's PDF (the period's and the customer's); the JSON holds them all. */
export const PDF_ROWS = 200;

const MARGIN = 50;
const FOOT = 30;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.4, 0.43, 0.48);
const RULE = rgb(0.75, 0.78, 0.82);
const NO_FEATURES = Object.fromEntries(
  ['liga', 'clig', 'calt', 'rlig', 'kern', 'mark', 'mkmk', 'ccmp', 'locl', 'dlig', 'hlig'].map((f) => [f, false]),
);

export interface DocItem {
  /** the item's first line, in bold ("12/03/2026 10:14 · María Pérez") */
  heading?: string;
  lines: string[];
}

export interface DocSection {
  /** its key in the JSON and the manifest ("identity", "risk", ...) */
  key: string;
  title: string;
  /** a sentence under the heading ("Each change with its reasons and who made it") */
  intro?: string;
  items: DocItem[];
  /** what the section says when it has no items: never left blank, never guessed */
  empty: string;
}

export interface InspectionDoc {
  title: string;
  /** lines under the title: whom or what period it is about, the company, who generated it and when */
  head: string[];
  /** the paragraph on how to verify the file */
  verifyNote: string;
  sections: DocSection[];
  footer: string;
  pageLabel: (n: number, total: number) => string;
  logo?: Uint8Array | null;
  /** files embedded in the PDF (a declaration's signed PDF) */
  attachments?: { name: string; bytes: Uint8Array; description: string; mimeType: string }[];
  /** document information (title, author) */
  info: { title: string; author: string; subject: string; created: Date };
}

function printable(s: string) {
  let out = '';
  for (const ch of s.replace(/\t/g, ' ')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 10 || code === 13 || (code >= 32 && code !== 127)) out += ch;
  }
  return out;
}

/** Advance widths per character, measured once per process and font (pdf-lib's own measure lays text out). */
const widths = new Map<string, Map<string, number>>();
function measure(font: PDFFont, which: string, s: string, size: number) {
  let m = widths.get(which);
  if (!m) {
    m = new Map();
    widths.set(which, m);
  }
  let w = 0;
  for (const ch of s) {
    let cw = m.get(ch);
    if (cw === undefined) {
      cw = font.widthOfTextAtSize(ch, 1);
      m.set(ch, cw);
    }
    w += cw;
  }
  return w * size;
}

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  ensure(h: number) {
    if (this.y - h < MARGIN + FOOT) this.newPage();
  }
  wrap(s: string, bold: boolean, size: number, width: number): string[] {
    const font = bold ? this.bold : this.font;
    const key = bold ? 'bold' : 'regular';
    const out: string[] = [];
    for (const para of printable(s).split(/\r?\n/)) {
      let line = '';
      for (const word of para.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (measure(font, key, next, size) <= width) line = next;
        else {
          if (line) out.push(line);
          line = word;
          while (measure(font, key, line, size) > width && line.length > 1) {
            let cut = line.length - 1;
            while (cut > 1 && measure(font, key, line.slice(0, cut), size) > width) cut--;
            out.push(line.slice(0, cut));
            line = line.slice(cut);
          }
        }
      }
      out.push(line);
    }
    return out;
  }
  text(s: string, o: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number } = {}) {
    const size = o.size ?? 9.5;
    const font = o.bold ? this.bold : this.font;
    // a line's leading spaces are its depth (a hit's explanation under the hit): drawn as an indent, every wrapped
    // line of it too, never as spaces the wrap would drop
    const lead = /^ +/.exec(s)?.[0].length ?? 0;
    const indent = (o.indent ?? 0) + lead * 4;
    for (const line of this.wrap(s.slice(lead), !!o.bold, size, A4[0] - 2 * MARGIN - indent)) {
      this.ensure(size + 4);
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y - size,
        size,
        font,
        color: o.color ?? INK,
        features: NO_FEATURES,
      } as never);
      this.y -= size + 4;
    }
  }
  rule() {
    this.ensure(8);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 3 },
      end: { x: A4[0] - MARGIN, y: this.y - 3 },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= 8;
  }
  gap(h = 6) {
    this.y -= h;
  }
  image(img: PDFImage, maxW: number, maxH: number) {
    const s = Math.min(maxW / img.width, maxH / img.height, 1);
    this.page.drawImage(img, {
      x: A4[0] - MARGIN - img.width * s,
      y: A4[1] - MARGIN + 6 - img.height * s,
      width: img.width * s,
      height: img.height * s,
    });
  }
}

/** The PDF of an inspector's document (unsigned: inspection.bundle.ts signs it). */
export async function renderInspectionPdf(d: InspectionDoc): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const { font, bold } = await embedDejaVu(doc);
  doc.setTitle(d.info.title);
  doc.setAuthor(d.info.author);
  doc.setSubject(d.info.subject);
  doc.setCreator('RegCheck');
  doc.setProducer('RegCheck');
  doc.setCreationDate(d.info.created);
  doc.setModificationDate(d.info.created);
  const w = new Writer(doc, font, bold);
  const logo = d.logo ? await embedLogo(doc, d.logo) : null;
  if (logo) w.image(logo, 120, 40);
  w.text(d.title, { size: 16, bold: true, indent: 0 });
  w.gap(2);
  for (const line of d.head) w.text(line, { size: 9.5, color: MUTED });
  w.gap(4);
  w.text(d.verifyNote, { size: 8.5, color: MUTED });
  w.gap(6);
  // the contents: the sections in order, so a reader knows what follows
  d.sections.forEach((s, i) => {
    w.text(`${i + 1}. ${s.title}`, { size: 9.5 });
  });
  for (const [i, s] of d.sections.entries()) {
    w.gap(10);
    w.ensure(60);
    w.text(`${i + 1}. ${s.title}`, { size: 12.5, bold: true });
    w.rule();
    if (s.intro) {
      w.text(s.intro, { size: 8.5, color: MUTED });
      w.gap(2);
    }
    if (s.items.length === 0) {
      w.text(s.empty, { size: 9.5, color: MUTED });
      continue;
    }
    for (const item of s.items) {
      w.ensure(28);
      if (item.heading) w.text(item.heading, { size: 9.5, bold: true });
      for (const line of item.lines) w.text(line, { size: 9, indent: item.heading ? 10 : 0 });
      w.gap(4);
    }
  }
  for (const a of d.attachments ?? [])
    await doc.attach(a.bytes, a.name, {
      mimeType: a.mimeType,
      description: a.description,
      creationDate: d.info.created,
      modificationDate: d.info.created,
    });
  const pages = doc.getPages();
  for (const [i, page] of pages.entries()) {
    const label = d.pageLabel(i + 1, pages.length);
    const size = 8;
    page.drawText(printable(d.footer), { x: MARGIN, y: MARGIN - 20, size, font, color: MUTED });
    page.drawText(label, {
      x: A4[0] - MARGIN - measure(font, 'regular', label, size),
      y: MARGIN - 20,
      size,
      font,
      color: MUTED,
    });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
