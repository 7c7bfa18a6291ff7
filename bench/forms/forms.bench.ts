/**
 * npm run bench:forms [-- --count 1000]: generates and signs N PDFs of a DOF (two photos and a drawn signature, the
 * audit page, the PKCS#7 signature with a P12 made for the run), as the public signing step does, and reports the time
 * per PDF (mean, p50, p95) and the process's peak resident memory. Target: under 150 ms and under 300 MB.
 */
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { renderFormPdf, signPdf } from '../../apps/server/src/modules/forms/forms.pdf';
import { createP12 } from '../../apps/server/src/modules/forms/forms.signing-key';
import { defaultTemplate } from '../../apps/server/src/modules/forms/forms.templates';
import { verifyPdfSignature } from '../../apps/server/src/modules/forms/forms.verify';

const arg = process.argv.indexOf('--count');
const COUNT = arg > 0 ? Number(process.argv[arg + 1]) : 1000;

/** A w x h RGB PNG with a gradient (a photo-sized image of a realistic byte size). */
function png(w: number, h: number, seed: number) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = (x * 3 + seed) & 255;
      raw[o + 1] = (y * 5 + seed) & 255;
      raw[o + 2] = ((x ^ y) + seed) & 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A w x h JPEG at quality 50 with a gradient (jpeg-js, the same encoder family a browser canvas uses). */
function jpegOf(w: number, h: number, seed: number) {
  const data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      data[o] = (x * 3 + seed) & 255;
      data[o + 1] = (y * 5 + seed) & 255;
      data[o + 2] = ((x ^ y) + seed) & 255;
      data[o + 3] = 255;
    }
  }
  return jpeg.encode({ width: w, height: h, data }, 50).data;
}

async function main() {
  const key = createP12();
  // the two photos as the browser sends them: JPEG (downscaled to at most 320x240, quality 0.5)
  const photo = jpegOf(320, 240, 1);
  const idPhoto = jpegOf(320, 240, 7);
  const signature = png(600, 200, 3);
  const template = defaultTemplate('formDOF', 1, 'es');
  let peak = process.memoryUsage().rss;
  const times: number[] = [];
  const renderMs: number[] = [];
  const data = {
    fullName: 'José Pérez Muñoz',
    document: '12.345.678-5',
    nationality: 'Chilena',
    address: 'Av. Providencia 1234, Santiago',
    occupation: 'Ingeniera',
    amount: 25_000_000,
    currency: 'CLP',
    origin: 'salary',
    originDetail: 'Remuneraciones de los últimos doce meses y ahorro previsional voluntario',
  };
  let last: Buffer | null = null;
  for (let i = 0; i < COUNT; i++) {
    const t0 = performance.now();
    const at = new Date();
    const { pdf } = await renderFormPdf({
      formId: `bench-${i}`,
      locale: 'es',
      country: 'CL',
      verifyUrl: 'http://localhost/public/verify',
      companyName: 'Demo Chile SpA',
      name: 'José Pérez Muñoz',
      dni: '12.345.678-5',
      template,
      data,
      photo,
      idPhoto,
      signature,
      steps: ['sent', 'opened', 'identified', 'filled', 'photo', 'idPhoto', 'signature', 'signed'].map((step) => ({
        step: step as 'sent',
        at: at.toISOString(),
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
        linkId: 'b1a4c2d0-0000-4000-8000-000000000000',
      })),
      linkId: 'b1a4c2d0-0000-4000-8000-000000000000',
      signedAt: at,
    });
    const t1 = performance.now();
    last = await signPdf(pdf, key, { name: 'José Pérez Muñoz', reason: 'Declaración firmada', at });
    times.push(performance.now() - t0);
    renderMs.push(t1 - t0);
    if (i % 20 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  if (!last || !verifyPdfSignature(last)) throw new Error('the last signed PDF does not validate');
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  console.log(
    JSON.stringify(
      {
        pdfs: COUNT,
        bytesPerPdf: last.length,
        msPerPdf: { mean: +mean.toFixed(1), p50: +pct(0.5).toFixed(1), p95: +pct(0.95).toFixed(1) },
        renderMsMean: +(renderMs.reduce((a, b) => a + b, 0) / renderMs.length).toFixed(1),
        peakRssMb: +(peak / 1024 / 1024).toFixed(1),
        target: { msPerPdf: 150, peakRssMb: 300 },
      },
      null,
      2,
    ),
  );
}

await main();
