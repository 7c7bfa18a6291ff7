import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

/*
 * What the server's PDF writers share (the signed form, forms.pdf.ts; the inspector's files, inspection.pdf.ts; the
 * reports, reports.pdf.ts): the A4 page, the DejaVu Sans fonts (accents of Spanish and Portuguese) and the logo.
 */

/** An A4 page in PDF points. */
export const A4: [number, number] = [595.28, 841.89];

const FONT = readFileSync(fileURLToPath(new URL('./assets/DejaVuSans.ttf', import.meta.url)));
const FONT_BOLD = readFileSync(fileURLToPath(new URL('./assets/DejaVuSans-Bold.ttf', import.meta.url)));

/**
 * fontkit with the two DejaVu files parsed once per process: pdf-lib parses (and copies) the 750 kB font for every
 * document otherwise. The parsed font is only read (each document makes its own subset), so sharing it is safe.
 */
const parsedFonts = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const cachingFontkit: typeof fontkit = {
  ...fontkit,
  create: (data: Uint8Array, postscriptName?: string) => {
    if (data !== FONT && data !== FONT_BOLD) return fontkit.create(data, postscriptName);
    let f = parsedFonts.get(data);
    if (!f) {
      f = fontkit.create(data, postscriptName);
      parsedFonts.set(data, f);
    }
    return f;
  },
};

/** DejaVu Sans and its bold, embedded in `doc` as subsets (with the embedding options given, e.g. the features). */
export async function embedDejaVu(doc: PDFDocument, options: { features?: Record<string, boolean> } = {}) {
  doc.registerFontkit(cachingFontkit);
  const [font, bold] = await Promise.all([
    doc.embedFont(FONT, { subset: true, ...options }),
    doc.embedFont(FONT_BOLD, { subset: true, ...options }),
  ]);
  return { font, bold };
}

/** Embeds a PNG or JPEG logo; an unreadable or other image type answers null and the document goes without it. */
export async function embedLogo(doc: PDFDocument, bytes: Uint8Array) {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!png && !jpg) return null;
  try {
    return png ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch (err) {
    // an unreadable logo: the document goes without it
    if (!(err instanceof Error)) throw err;
    return null;
  }
}
