import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { unzipSync, Zip, ZipPassThrough } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { multipart, rut } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';

/*
 * /public/verify given an inspector's zip larger than the 25 MB of every upload (issue 28; decisions 256, 269): a
 * customer's file carrying its documents is written to a temporary file as it arrives and checked part by part,
 * each part hashed a chunk at a time, so neither the zip nor a part is ever held whole in memory.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const MB = 1024 * 1024;

/** A readable PDF of about `mb` megabytes: one page and a stream of letters (no PDF name in it), tagged. */
async function bigPdf(mb: number, tag: string) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText(tag, { x: 10, y: 100, size: 10 });
  const filler = Buffer.alloc(mb * MB, `${tag} documento escaneado `);
  doc.context.register(doc.context.stream(filler));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function verifyCall(payload: Buffer | Readable, headers: Record<string, string>) {
  return t.call({ method: 'POST', url: '/api/public/verify', payload, headers });
}

const tmpLeft = () => readdirSync(t.deps.config.tmpDir).filter((f) => f.startsWith('verify-'));

describe('/public/verify with a large inspector’s zip', () => {
  let zip: Buffer;
  let docPaths: string[] = [];

  beforeAll(async () => {
    // a customer with two documents of 14 MB each, uploaded through the ficha's route (each under the 25 MB limit)
    const created = await postFicha(t, {
      personType: 'natural',
      dni: rut(),
      name: 'Carla',
      fatherName: 'Documentos Grandes',
    });
    const fichaId = created.json().id as string;
    for (const tag of ['CONTRATO-UNO', 'CONTRATO-DOS']) {
      const m = multipart('file', `${tag.toLowerCase()}.pdf`, await bigPdf(14, tag), 'application/pdf');
      const up = await t.call({
        as: 'admin',
        method: 'POST',
        url: `/api/files/ficha/fichas-clientes/${fichaId}`,
        ...m,
      });
      expect(up.statusCode, up.body).toBe(200);
    }
    const start = await t.post('admin', `/api/fichas-clientes/${fichaId}/inspection-file`);
    expect(start.statusCode, start.body).toBe(200);
    await t.deps.queue.drain();
    const view = await t.get('admin', `/api/inspection/files/${start.json().id}`);
    expect(view.json()).toMatchObject({ status: 'ready', error: null });
    const dl = await t.get('admin', view.json().downloadUrl);
    expect(dl.statusCode).toBe(200);
    zip = dl.rawPayload;
    const all = unzipSync(new Uint8Array(zip));
    docPaths = Object.keys(all).filter((p) => p.startsWith('documents/'));
  }, 180_000);

  it('a customer’s file of more than 25 MB verifies whole: every part unchanged, the signed PDF recognised', async () => {
    expect(zip.length).toBeGreaterThan(28 * MB);
    expect(docPaths).toHaveLength(2);
    const m = multipart('file', 'expediente.zip', zip, 'application/zip');
    const v = await verifyCall(m.payload, m.headers);
    expect(v.statusCode, v.body).toBe(200);
    const got = v.json();
    expect(got).toMatchObject({
      valid: true,
      signedByRegCheck: true,
      integrity: true,
      sha256: createHash('sha256').update(zip).digest('hex'),
      inspection: { kind: 'customer', manifestKnown: true, pdfSigned: true },
    });
    for (const p of docPaths) expect(got.inspection.parts).toContainEqual({ path: p, status: 'unchanged' });
    expect(got.inspection.parts.every((p: { status: string }) => p.status === 'unchanged')).toBe(true);
    expect(tmpLeft()).toEqual([]);
  }, 120_000);

  it('one byte changed inside a 14 MB document: the zip is not valid and that document is named as changed', async () => {
    // documents are stored as they are in the zip, so the tag of the second one is found in the zip's bytes
    const bad = Buffer.from(zip);
    const at = bad.indexOf('CONTRATO-DOS documento escaneado', 20 * MB, 'latin1');
    expect(at).toBeGreaterThan(0);
    bad[at + 3] = 'X'.charCodeAt(0);
    const m = multipart('file', 'expediente.zip', bad, 'application/zip');
    const v = await verifyCall(m.payload, m.headers);
    expect(v.statusCode, v.body).toBe(200);
    const got = v.json();
    expect(got).toMatchObject({ valid: false, integrity: false, inspection: { manifestKnown: true, pdfSigned: true } });
    const changed = got.inspection.parts.filter((p: { status: string }) => p.status !== 'unchanged');
    expect(changed).toEqual([{ path: docPaths.find((p) => p.includes('contrato-dos')), status: 'changed' }]);
    expect(tmpLeft()).toEqual([]);
  }, 120_000);

  it('a 200 MB zip sent as a stream is checked with the process growing by far less than the zip', async () => {
    // one 200 MB part, listed in a RegCheck manifest with its SHA-256; the request body is made as it is sent
    const SIZE = 200 * MB;
    const block = Buffer.alloc(MB, 'parte grande del expediente ');
    const hash = createHash('sha256');
    for (let n = 0; n < SIZE / MB; n++) hash.update(block);
    const manifest = {
      format: 'regcheck-inspection/1',
      kind: 'customer',
      id: 'no-registrado',
      company: 'Empresa desconocida',
      generatedAt: new Date().toISOString(),
      period: null,
      parts: [{ path: 'documents/01-grande.pdf', sha256: hash.digest('hex'), size: SIZE, description: 'grande' }],
    };
    const boundary = '----rcverifybig';
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.zip"\r\n` +
          'Content-Type: application/zip\r\n\r\n',
      );
      const out: Uint8Array[] = [];
      const z = new Zip((err, chunk) => {
        if (err) throw err;
        out.push(chunk);
      });
      const part = new ZipPassThrough('documents/01-grande.pdf');
      z.add(part);
      for (let n = 0; n < SIZE / MB; n++) {
        part.push(block, n === SIZE / MB - 1);
        yield* out.splice(0);
      }
      const m = new ZipPassThrough('manifest.json');
      z.add(m);
      m.push(Buffer.from(JSON.stringify(manifest)), true);
      z.end();
      yield* out.splice(0);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    // the buffers the process holds (live, or dead and not yet collected): a route that kept the upload, or a part,
    // in memory would hold the zip's 200 MB at least; the resident set is printed, not asserted (memory the process
    // freed earlier is used again without growing it)
    const mem = () => process.memoryUsage();
    const before = mem();
    let peakBuffers = before.arrayBuffers;
    let peakRss = before.rss;
    const timer = setInterval(() => {
      const m = mem();
      peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
      peakRss = Math.max(peakRss, m.rss);
    }, 5);
    let v: Awaited<ReturnType<typeof verifyCall>>;
    try {
      v = await verifyCall(Readable.from(body(), { objectMode: false }), {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
    } finally {
      clearInterval(timer);
    }
    expect(v.statusCode, v.body).toBe(200);
    // not a file RegCheck recorded, but its one part was read whole and matches the manifest it carries
    expect(v.json()).toMatchObject({
      valid: false,
      inspection: { manifestKnown: false, parts: [{ path: 'documents/01-grande.pdf', status: 'unchanged' }] },
    });
    const buffersMb = Math.round((peakBuffers - before.arrayBuffers) / MB);
    const rssMb = Math.round((peakRss - before.rss) / MB);
    console.info(`/public/verify of a 200 MB zip: buffers +${buffersMb} MB at most, resident set +${rssMb} MB`);
    // measured +1 MB; a route that copied the upload into memory as it wrote it measured +89 MB
    expect(buffersMb, `buffers grew by ${buffersMb} MB`).toBeLessThan(SIZE / MB / 4);
    expect(tmpLeft()).toEqual([]);
  }, 180_000);
});
