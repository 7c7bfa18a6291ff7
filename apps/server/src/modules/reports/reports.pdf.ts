import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { embedLogo } from '../../lib/pdf-doc';

/**
 * The report PDFs, laid out with pdf-lib: a title, the company and period line, then each section's table, whose
 * rows break across pages with the column headers repeated at the top of every page, and "page n / N" at the foot.
 * Standard Helvetica (WinAnsi): characters outside it are replaced by '?'.
 */

export interface PdfTable {
  heading?: string;
  columns: string[];
  /** relative widths, one per column (equal when omitted) */
  widths?: number[];
  rows: string[][];
  /** the sentence shown when there are no rows */
  empty?: string;
}

export interface PdfReport {
  title: string;
  subtitle?: string;
  period?: string;
  /** who generated the file and when, printed under the period ("Generado el … por …") */
  issued?: string;
  /** printed at the foot of every page, left of the page number (the company's name) */
  footer?: string;
  /** free text printed under the title */
  paragraphs?: string[];
  tables: PdfTable[];
  /** page label, e.g. (n, total) => `Página ${n} de ${total}` */
  pageLabel: (n: number, total: number) => string;
  /** A4 portrait by default; [width, height] in points */
  size?: [number, number];
  /** top, right, bottom, left in points */
  margins?: [number, number, number, number];
  /** the company's logo (PNG or JPEG), drawn at the top right of the first page; other types are left out */
  logo?: Uint8Array | null;
}

const LOGO_BOX: [number, number] = [120, 40];

const CM = 28.3465;
export const PAGE_SIZES: Record<string, [number, number]> = {
  A2: [1190.55, 1683.78],
  A3: [841.89, 1190.55],
  A4: [595.28, 841.89],
  LETTER: [612, 792],
};
export const cm = (v: number) => v * CM;

const FONT_SIZE = 8;
const LINE = 10;
const PAD = 3;

function safe(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      out += '?';
    }
  }
  return out;
}

/** Splits text into lines that fit `width` at the font size (long words are cut). */
function wrap(font: PDFFont, text: string, width: number, size = FONT_SIZE): string[] {
  const words = safe(font, text).split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    let w = word;
    while (font.widthOfTextAtSize(w, size) > width && w.length > 1) {
      let cut = w.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(w.slice(0, cut), size) > width) cut--;
      lines.push(w.slice(0, cut));
      w = w.slice(cut);
    }
    line = w;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Rows read to size the columns: enough to know a column's usual content, bounded for an export's long tables. */
const SIZING_ROWS = 200;

/**
 * Column widths that fit the table in `usable` points: every column is at least as wide as the longest word of its
 * header (a header never breaks inside a word, "Completado" stays whole) and, room allowing, as its longest cell
 * among the first rows; what is left over is shared in proportion to the content. When even the headers' words do
 * not fit, the columns share the width in proportion to those words.
 */
export function columnWidths(font: PDFFont, bold: PDFFont, table: PdfTable, usable: number): number[] {
  const n = table.columns.length;
  if (n === 0) return [];
  const pad = 2 * PAD + 1;
  const longestWord = (f: PDFFont, text: string) =>
    Math.max(
      0,
      ...safe(f, text)
        .split(' ')
        .map((w) => f.widthOfTextAtSize(w, FONT_SIZE)),
    );
  const min = table.columns.map((c) => longestWord(bold, c) + pad);
  const want = table.columns.map((c, i) => {
    let widest = bold.widthOfTextAtSize(safe(bold, c), FONT_SIZE);
    for (const row of table.rows.slice(0, SIZING_ROWS))
      widest = Math.max(widest, font.widthOfTextAtSize(safe(font, row[i] ?? ''), FONT_SIZE));
    // a long text wraps: no column asks for more than 40% of the page
    return Math.max(min[i] ?? 0, Math.min(widest + pad, usable * 0.4));
  });
  const minSum = min.reduce((a, b) => a + b, 0);
  if (minSum >= usable) return min.map((m) => (usable * m) / minSum);
  const wantSum = want.reduce((a, b) => a + b, 0);
  if (wantSum <= usable) return want.map((w) => (usable * w) / wantSum);
  const extra = want.map((w, i) => w - (min[i] ?? 0));
  const extraSum = extra.reduce((a, b) => a + b, 0);
  return min.map((m, i) => m + ((usable - minSum) * (extra[i] ?? 0)) / extraSum);
}

export async function reportPdf(r: PdfReport): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(r.title);
  doc.setProducer('RegCheck');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [pw, ph] = r.size ?? PAGE_SIZES.A4 ?? [595.28, 841.89];
  const [mt, mr, mb, ml] = r.margins ?? [cm(2), cm(1.5), cm(2), cm(1.5)];
  const usable = pw - ml - mr;
  let page: PDFPage = doc.addPage([pw, ph]);
  let y = ph - mt;

  const text = (s: string, x: number, yy: number, f = font, size = FONT_SIZE) =>
    page.drawText(safe(f, s), { x, y: yy, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  const newPage = () => {
    page = doc.addPage([pw, ph]);
    y = ph - mt;
  };

  const logo = r.logo ? await embedLogo(doc, r.logo) : null;
  if (logo) {
    const scale = Math.min(LOGO_BOX[0] / logo.width, LOGO_BOX[1] / logo.height, 1);
    const w = logo.width * scale;
    const h = logo.height * scale;
    page.drawImage(logo, { x: pw - mr - w, y: y - h, width: w, height: h });
  }
  text(r.title, ml, y - 16, bold, 16);
  y -= logo ? Math.max(24, logo.height * Math.min(LOGO_BOX[0] / logo.width, LOGO_BOX[1] / logo.height, 1) + 8) : 24;
  if (r.subtitle) {
    text(r.subtitle, ml, y - 11, font, 11);
    y -= 16;
  }
  if (r.period) {
    for (const ln of wrap(font, r.period, usable, 10)) {
      text(ln, ml, y - 10, font, 10);
      y -= 13;
    }
    y -= 3;
  }
  if (r.issued) {
    text(r.issued, ml, y - 9, font, 9);
    y -= 16;
  }
  for (const para of r.paragraphs ?? []) {
    for (const ln of wrap(font, para, usable, 10)) {
      if (y - 14 < mb) newPage();
      text(ln, ml, y - 10, font, 10);
      y -= 13;
    }
    y -= 4;
  }

  for (const table of r.tables) {
    const widths = table.widths
      ? table.widths.map((w, _, all) => (usable * w) / all.reduce((a, b) => a + b, 0))
      : columnWidths(font, bold, table, usable);
    const rowHeight = (cells: string[], f: PDFFont) =>
      Math.max(...cells.map((c, i) => wrap(f, c, (widths[i] ?? 0) - 2 * PAD).length)) * LINE + 2 * PAD;
    const drawRow = (cells: string[], f: PDFFont, shade: boolean) => {
      const h = rowHeight(cells, f);
      if (shade) page.drawRectangle({ x: ml, y: y - h, width: usable, height: h, color: rgb(0.9, 0.93, 0.97) });
      let x = ml;
      cells.forEach((c, i) => {
        const w = widths[i] ?? 0;
        wrap(f, c, w - 2 * PAD).forEach((ln, k) => {
          text(ln, x + PAD, y - PAD - FONT_SIZE - k * LINE, f);
        });
        x += w;
      });
      page.drawLine({
        start: { x: ml, y: y - h },
        end: { x: ml + usable, y: y - h },
        thickness: 0.4,
        color: rgb(0.75, 0.75, 0.75),
      });
      y -= h;
    };
    const header = () => drawRow(table.columns, bold, true);

    if (table.heading) {
      if (y - 40 < mb) newPage();
      text(table.heading, ml, y - 12, bold, 11);
      y -= 18;
    }
    if (y - rowHeight(table.columns, bold) * 2 < mb) newPage();
    header();
    if (table.rows.length === 0 && table.empty) {
      text(table.empty, ml + PAD, y - PAD - FONT_SIZE);
      y -= LINE + 2 * PAD;
    }
    for (const row of table.rows) {
      if (y - rowHeight(row, font) < mb) {
        newPage();
        header();
      }
      drawRow(row, font, false);
    }
    y -= 14;
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const label = safe(font, r.pageLabel(i + 1, pages.length));
    const w = font.widthOfTextAtSize(label, FONT_SIZE);
    // the company at the left of the foot, the page number (always the page's last text) at the right
    if (r.footer) {
      const [first = ''] = wrap(font, r.footer, usable - w - 12);
      p.drawText(first, { x: ml, y: mb / 2, size: FONT_SIZE, font, color: rgb(0.4, 0.4, 0.4) });
    }
    p.drawText(label, { x: pw - mr - w, y: mb / 2, size: FONT_SIZE, font, color: rgb(0.4, 0.4, 0.4) });
  });
  return Buffer.from(await doc.save());
}
