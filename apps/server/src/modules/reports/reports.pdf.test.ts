import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { helveticaWidth, type PdfTextItem, pdfPages } from '../../../test/pdf-text';
import { withTenant } from '../../db/tenant';

/**
 * The PDF service (spec 001 §9: default A2 portrait, margins 3 cm top, 2 cm right, bottom and left) and the report
 * PDFs' layout, read back from the produced files: page size in points, where the text sits, the page numbers and
 * the table header repeated at the top of every page.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const CM = 72 / 2.54;
const A2: [number, number] = [420 * (72 / 25.4), 594 * (72 / 25.4)];
const A4: [number, number] = [210 * (72 / 25.4), 297 * (72 / 25.4)];
const htmlPdf = (payload: Record<string, unknown>, as = 'frontdesk') => t.post(as, '/api/files/html-pdf', payload);
const longTable = (rows: number) =>
  `<h1>Informe de clientes</h1><p>Primer párrafo</p><table><tr><th>Nombre</th><th>Documento</th></tr>${Array.from(
    { length: rows },
    (_, i) => `<tr><td>Cliente ${i + 1}</td><td>${10_000_000 + i}</td></tr>`,
  ).join('')}</table>`;

/** The page label drawn at the foot of a page (the last text of the page). */
const footer = (items: PdfTextItem[]) => items[items.length - 1];

describe('POST /api/files/html-pdf', () => {
  it('401 without a session; bad size or orientation 400', async () => {
    const payload = { nombre: 'x', contenido: '<p>x</p>' };
    expect((await t.call({ method: 'POST', url: '/api/files/html-pdf', payload })).statusCode).toBe(401);
    expect((await htmlPdf({ ...payload, tamaño: 'A0' })).statusCode).toBe(400);
    expect((await htmlPdf({ ...payload, orientation: 'sideways' })).statusCode).toBe(400);
    expect((await htmlPdf({ nombre: 'x', contenido: '' })).statusCode).toBe(400);
  });

  it('defaults to A2 portrait with margins 3 cm top and 2 cm right, bottom and left', async () => {
    const res = await htmlPdf({ nombre: 'informe', contenido: longTable(20) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('informe.pdf');
    const [page, ...more] = await pdfPages(res.rawPayload);
    expect(more).toHaveLength(0);
    if (!page) throw new Error('no page');
    expect(page.width).toBeCloseTo(A2[0], 1);
    expect(page.height).toBeCloseTo(A2[1], 1);
    const [title, ...body] = page.items;
    expect(title).toMatchObject({ text: 'Informe de clientes', size: 16 });
    // the title starts on the left margin and its 16-point line hangs from the top margin
    expect(title?.x).toBeCloseTo(2 * CM, 1);
    expect((title?.y ?? 0) + 16).toBeCloseTo(A2[1] - 3 * CM, 1);
    const label = footer(page.items);
    expect(label?.text).toBe('Página 1 de 1');
    // the page number ends on the right margin and sits in the bottom one
    expect((label?.x ?? 0) + (await helveticaWidth(label?.text ?? '', 8))).toBeCloseTo(A2[0] - 2 * CM, 1);
    expect(label?.y).toBeLessThan(2 * CM);
    // the foot holds the company's name and the page number; everything else sits inside the margins
    const foot = body.slice(-2);
    expect(foot.map((i) => i.text)).toEqual(['Demo Chile SpA', 'Página 1 de 1']);
    for (const i of body.slice(0, -2)) {
      expect(i.x).toBeGreaterThanOrEqual(2 * CM - 0.01);
      expect(i.y).toBeGreaterThanOrEqual(2 * CM);
      expect(i.y + i.size).toBeLessThanOrEqual(A2[1] - 3 * CM + 0.01);
    }
  });

  it('takes the size, orientation and margins it is given', async () => {
    const res = await htmlPdf({
      nombre: 'a4',
      contenido: '<h2>Apaisado</h2><p>Texto</p>',
      tamaño: 'a4',
      orientation: 'landscape',
      margenes: '1 1.5 1 4',
    });
    const [page] = await pdfPages(res.rawPayload);
    expect(page?.width).toBeCloseTo(A4[1], 1);
    expect(page?.height).toBeCloseTo(A4[0], 1);
    expect(page?.items[0]?.x).toBeCloseTo(4 * CM, 1);
    expect((page?.items[0]?.y ?? 0) + 16).toBeCloseTo(A4[0] - 1 * CM, 1);
  });

  it('a long table breaks across pages with its header repeated on each and "page n of N" at every foot', async () => {
    const res = await htmlPdf({ nombre: 'largo', contenido: longTable(400), tamaño: 'A4' });
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(3);
    const seen: string[] = [];
    pages.forEach((p, i) => {
      const texts = p.items.map((x) => x.text);
      expect(footer(p.items)?.text).toBe(`Página ${i + 1} de ${pages.length}`);
      // the header is the first row of the table on every page (after the title on the first)
      const first = i === 0 ? texts.indexOf('Nombre') : 0;
      expect(texts.slice(first, first + 2), `page ${i + 1}`).toEqual(['Nombre', 'Documento']);
      expect(texts.filter((x) => x === 'Nombre')).toHaveLength(1);
      seen.push(...texts.filter((x) => x.startsWith('Cliente ')));
    });
    // every row once, in order, none lost at a page break
    expect(seen).toEqual(Array.from({ length: 400 }, (_, i) => `Cliente ${i + 1}`));
  });
});

describe('report PDFs', () => {
  it('a long report (600 validator lookups): title, period, header and page number on every page', async () => {
    const companyId = t.companies.cl;
    await withTenant(t.deps.db, companyId, (trx) =>
      sql`insert into provider_calls (company_id, provider, source, person_document, result, created_at)
          select ${companyId}, 'validadorCPF-CNPJ', 'validadorCPF-CNPJ', lpad(g::text, 11, '0'), 'notFound',
            '2025-02-10T12:00:00Z'::timestamptz
          from generate_series(1, 600) g`.execute(trx),
    );
    const res = await t.get('admin', `/api/informes/validadorcpfcnpj/${companyId}/2025-02-01/2025-02-28?format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(5);
    expect(pages[0]?.items[0]?.text).toBe('Informe del validador CPF/CNPJ');
    expect(pages[0]?.items.map((i) => i.text)).toContain('Período: 01/02/2025 al 28/02/2025');
    const header = ['Fecha de la consulta', 'Nombre', 'Documento'];
    const documents = new Set<string>();
    pages.forEach((p, i) => {
      const texts = p.items.map((x) => x.text);
      expect(footer(p.items)?.text).toBe(`Página ${i + 1} de ${pages.length}`);
      const at = texts.lastIndexOf('Fecha de la consulta');
      expect(texts.slice(at, at + 3), `page ${i + 1}`).toEqual(header);
      for (const x of texts) if (/^\d{11}$/.test(x)) documents.add(x);
    });
    expect(documents.size).toBe(600);
  });
});
