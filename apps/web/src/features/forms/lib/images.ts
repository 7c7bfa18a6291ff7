import { MAX_IMAGE_BYTES, PHOTO_DOWNSCALE_CHARS } from '@regcheck/shared/schemas/forms';

/** The largest photo kept as is; spec 001 §5: a photo over 3,000,000 characters becomes at most 320x240, JPEG 0.5. */
export const SMALL = { width: 320, height: 240, quality: 0.5 };
const NORMAL = { width: 1280, height: 1280, quality: 0.85 };

/** The scale that fits w x h inside the box (never enlarging). */
export function fitScale(w: number, h: number, box: { width: number; height: number }) {
  return Math.min(1, box.width / w, box.height / h);
}

/** Which size a captured photo is uploaded at: its data URL length decides (spec 001 §5). */
export function targetOf(dataUrlLength: number) {
  return dataUrlLength > PHOTO_DOWNSCALE_CHARS ? SMALL : NORMAL;
}

function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image'));
    img.src = src;
  });
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number) {
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('image'))), type, quality),
  );
}

/** A photo (data URL of a camera frame or a chosen file) as the JPEG uploaded: downscaled as the spec says. */
export async function photoForUpload(dataUrl: string): Promise<Blob> {
  const img = await loadImage(dataUrl);
  let target = targetOf(dataUrl.length);
  for (;;) {
    const s = fitScale(img.naturalWidth, img.naturalHeight, target);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * s));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * s));
    canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await toBlob(canvas, 'image/jpeg', target.quality);
    if (blob.size <= MAX_IMAGE_BYTES || target === SMALL) return blob;
    target = SMALL;
  }
}

/** What the first bytes of a chosen file say it is: a JPEG, a PNG (the two photo types the server takes) or neither. */
export function photoTypeOf(head: Uint8Array): 'jpeg' | 'png' | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) return 'png';
  return null;
}

export type PhotoFileProblem = 'photoNotImage' | 'photoUnreadable';

/**
 * A file chosen as a photo, checked before it is shown: a JPEG or PNG by its content (not its name), and one the
 * browser can draw. Answers its data URL, or the problem (a key of forms:public) to say in words.
 */
export async function photoFromFile(file: Blob): Promise<{ dataUrl: string } | { problem: PhotoFileProblem }> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (!photoTypeOf(head)) return { problem: 'photoNotImage' };
  const dataUrl = await readAsDataUrl(file);
  const drawn = await loadImage(dataUrl).then(
    () => true,
    () => false,
  );
  return drawn ? { dataUrl } : { problem: 'photoUnreadable' };
}

export function readAsDataUrl(file: Blob) {
  return new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error('file'));
    r.readAsDataURL(file);
  });
}

/** A data URL as a Blob, decoded here (fetch of a data: URL is refused by the page's content security policy). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}
