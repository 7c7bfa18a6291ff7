import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;
type Entry = { action: string; userName: string | null; changes: { field: string; before: unknown; after: unknown }[] };
const change = (e: Entry, field: string) => e.changes.find((c) => c.field === field);

describe('a risk change is recorded in the ficha history with its cause', () => {
  it('a legal ficha falling from high to low when its beneficial owner is saved: who, from, to and the owner', async () => {
    const created = await postFicha(t, {
      personType: 'legal',
      dni: rut(76_470_001),
      socialReason: 'Historia de Riesgo SpA',
    });
    const company = created.json() as { id: string; risk: string };
    expect(company.risk).toBe('high');

    const owner = await t.post('admin', '/api/ficha-relationship', {
      fichaId: company.id,
      relationType: 'partners',
      dni: rut(18_470_002),
      name: 'Juan',
      fatherName: 'Pérez',
      participation: 35,
    });
    expect(owner.statusCode, owner.body).toBe(200);
    const after = (await t.get('admin', `/api/fichas-clientes/${company.id}`)).json();
    expect(after.risk).not.toBe('high');

    const res = await t.get('auditor', `/api/fichas-clientes/${company.id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as Entry[];
    const changed = entries.find((e) => e.action === 'ficha.risk.changed');
    if (!changed) throw new Error(`no risk change in ${entries.map((e) => e.action).join(', ')}`);
    expect(changed.userName).toBeTruthy();
    expect(change(changed, 'risk')).toMatchObject({ before: 'high', after: after.risk });
    expect(change(changed, 'cause')?.after).toBe('relationshipChanged');
    expect(change(changed, 'beneficialOwners')?.after).toEqual([{ name: 'Juan Pérez', participation: 35 }]);
    const removed = change(changed, 'removed')?.after as { rule: string }[];
    expect(removed.map((r) => r.rule)).toContain('beneficialOwner.unresolved');
  });

  it('a change of a ficha that does not move its risk writes no risk change; one that does names its cause', async () => {
    const created = await postFicha(t, {
      personType: 'natural',
      dni: rut(17_470_003),
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Marta',
      fatherName: 'Riesgo',
    });
    const f = created.json() as { id: string; risk: string };
    const url = `/api/fichas-clientes/${f.id}/history`;
    const patch = (payload: Record<string, unknown>) =>
      t.patch('admin', `/api/fichas-clientes/no-lists/${f.id}`, payload);

    expect((await patch({ email: 'marta@example.cl' })).statusCode).toBe(200);
    const actions = ((await t.get('admin', url)).json().data as Entry[]).map((e) => e.action);
    expect(actions).not.toContain('ficha.risk.changed');

    const pep = await patch({ pepStatus: 'direct' });
    expect(pep.statusCode, pep.body).toBe(200);
    const entries = (await t.get('admin', url)).json().data as Entry[];
    const changed = entries.find((e) => e.action === 'ficha.risk.changed');
    expect(pep.json().risk).not.toBe(f.risk);
    if (!changed) throw new Error('no risk change recorded');
    expect(change(changed, 'risk')).toMatchObject({ before: f.risk, after: pep.json().risk });
    expect(change(changed, 'cause')?.after).toBe('fichaUpdated');
    const added = (change(changed, 'added')?.after ?? []) as { rule: string }[];
    expect(added.map((r) => r.rule)).toContain('pep.direct');
  });
});

describe('the duplicate-document error names the document as people write it', () => {
  it('409 FICHA_DNI_EXISTS with the formatted RUT, on the dni field', async () => {
    const payload = {
      personType: 'natural',
      dni: rut(17_470_009),
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Doble',
      fatherName: 'Documento',
    };
    const first = await t.post('admin', '/api/fichas-clientes', payload);
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.post('admin', '/api/fichas-clientes', payload);
    expect(again.statusCode).toBe(409);
    const body = again.json();
    expect(body.code).toBe('FICHA_DNI_EXISTS');
    expect(body.field).toBe('dni');
    expect(body.message).toContain(`17.470.009-${rut(17_470_009).slice(-1)}`);
  });
});
