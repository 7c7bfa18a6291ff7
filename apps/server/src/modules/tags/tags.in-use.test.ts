import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

describe('GET /api/tags/in-use', () => {
  it('401, 403 for the super administrator (no company), then the tags on the records with their counts', async () => {
    expect((await t.call({ method: 'GET', url: '/api/tags/in-use' })).statusCode).toBe(401);
    expect((await t.get('superAdmin', '/api/tags/in-use')).statusCode).toBe(403);
    const dni = (n: number) => `${n}-${rutCheckDigit(String(n))}`;
    const newFicha = { name: 'Ana', fatherName: 'Pérez', email: 'ana@example.cl', nationality: 'CL' };
    const op = await t.post('admin', '/api/consultations', {
      divisa: 'CLP',
      associates: [
        { dni: dni(23_456_781), type: 'natural', monto: 10, newFicha },
        { dni: dni(23_456_782), type: 'natural', monto: 10, newFicha },
      ],
    });
    expect(op.statusCode, op.body).toBe(200);
    const fichas = op.json().associates.map((a: { fichaId: string }) => ({ id: a.fichaId }));
    expect(fichas.length).toBe(2);
    for (const f of fichas) {
      await t.deps.db
        .updateTable('fichas')
        .set({ tags: JSON.stringify([{ name: 'Cliente VIP' }, { name: `Solo ${f.id.slice(0, 4)}` }]) })
        .where('id', '=', f.id)
        .execute();
    }
    const res = await t.get('frontdesk', '/api/tags/in-use');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ name: 'Cliente VIP', appliesTo: 'fichas', records: 2 });
    const br = await t.get({ as: 'admin', company: 'br' }, '/api/tags/in-use');
    expect(br.json().find((x: { name: string }) => x.name === 'Cliente VIP')).toBeUndefined();
  });
});
