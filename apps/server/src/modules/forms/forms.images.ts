import { inflateSync } from 'node:zlib';
import { MAX_IMAGE_BYTES } from '@regcheck/shared/schemas/forms';
import jpeg from 'jpeg-js';
import { imageType } from '../../lib/uploads';

/**
 * The content check of the signing steps' images (portrait, ID document, drawn signature), done at upload so that a
 * fake or damaged image is a translated 400 then, never a 500 when the PDF is made: the type by its first bytes, at
 * most 2 MB, and the image decoded whole — a PNG's chunks with their CRCs and its inflated pixel rows, a JPEG
 * through a full baseline/progressive decoder (jpeg-js) — within 4,000 x 4,000 pixels.
 */

export type ImageProblem = 'FORM_IMAGE_INVALID' | 'FORM_IMAGE_TOO_LARGE';
const MAX_SIDE = 4000;

export function imageProblem(bytes: Buffer): ImageProblem | null {
  if (bytes.length > MAX_IMAGE_BYTES) return 'FORM_IMAGE_TOO_LARGE';
  const type = imageType(bytes);
  if (type === 'png') return pngDecodes(bytes) ? null : 'FORM_IMAGE_INVALID';
  if (type === 'jpg') return jpegDecodes(bytes) ? null : 'FORM_IMAGE_INVALID';
  return 'FORM_IMAGE_INVALID';
}

function jpegDecodes(bytes: Buffer): boolean {
  try {
    const img = jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: 16, maxMemoryUsageInMB: 128 });
    return img.width > 0 && img.height > 0 && img.width <= MAX_SIDE && img.height <= MAX_SIDE;
  } catch {
    return false;
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer) {
  let c = 0xffffffff;
  for (const x of b) c = (CRC_TABLE[(c ^ x) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
// Adam7 passes: x start, y start, x step, y step
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Every chunk whole with a right CRC, IHDR first and IEND last, and the IDAT data inflating to exactly the rows. */
function pngDecodes(bytes: Buffer): boolean {
  let at = 8;
  let width = 0;
  let height = 0;
  let rowBits = 0;
  let interlaced = false;
  let sawEnd = false;
  let palette = false;
  let colorType = -1;
  const idat: Buffer[] = [];
  while (at + 12 <= bytes.length) {
    const len = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + len > bytes.length) return false;
    const body = bytes.subarray(at + 8, at + 8 + len);
    if (crc32(bytes.subarray(at + 4, at + 8 + len)) !== bytes.readUInt32BE(at + 8 + len)) return false;
    if (at === 8 && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      if (len !== 13) return false;
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8] ?? 0;
      colorType = body[9] ?? -1;
      const channels = CHANNELS[colorType];
      if (!channels || ![1, 2, 4, 8, 16].includes(depth)) return false;
      rowBits = channels * depth;
      interlaced = body[12] === 1;
    } else if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') {
      sawEnd = true;
      break;
    }
    at += 12 + len;
  }
  if (!sawEnd || idat.length === 0 || width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE)
    return false;
  if (colorType === 3 && !palette) return false;
  const rowBytes = (w: number) => Math.ceil((w * rowBits) / 8);
  let expected = 0;
  if (!interlaced) expected = height * (1 + rowBytes(width));
  else {
    for (const [x0, y0, dx, dy] of ADAM7) {
      const w = Math.ceil((width - x0) / dx);
      const h = Math.ceil((height - y0) / dy);
      if (w > 0 && h > 0) expected += h * (1 + rowBytes(w));
    }
  }
  try {
    const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
    return raw.length === expected;
  } catch {
    return false;
  }
}
