import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

/** A valid Chilean RUT for a body of digits. */
function rut(body: number) {
  return `${body}-${rutCheckDigit(String(body))}`;
}

const get = (url: string) => t.get('admin', url);
const rules = (f: { riskReasons: { rule: string }[] }) => f.riskReasons.map((r) => r.rule);

describe('one beneficial-owner rule for the beneficiaries view and the risk rating', () => {
  it('a legal ficha whose only partner holds 5 % stays owner unresolved in both; 10 % resolves both', async () => {
    const created = await postFicha(t, {
      personType: 'legal',
      dni: rut(76888888),
      socialReason: 'Sociedad Menor SpA',
    });
    const company = created.json() as { id: string };
    const partner = await t.post('admin', '/api/ficha-relationship', {
      fichaId: company.id,
      relationType: 'partners',
      dni: rut(18111111),
      name: 'Elena',
      fatherName: 'Vidal',
      participation: 5,
    });
    expect(partner.statusCode, partner.body).toBe(200);

    const owners = (await get(`/api/fichas-clientes-beneficiaries/${company.id}`)).json();
    expect(owners).toMatchObject({ threshold: 10, inclusive: true, beneficiaries: [], unresolved: true });
    const rated = (await get(`/api/fichas-clientes/${company.id}`)).json();
    expect(rules(rated)).toContain('beneficialOwner.unresolved');
    expect(rated.calculatedRisk).toBe('high');

    // at exactly the threshold (inclusive by default) the partner is the owner, in both places
    const raised = await t.patch('admin', `/api/ficha-relationship/${partner.json().id}`, { participation: 10 });
    expect(raised.statusCode, raised.body).toBe(200);
    const after = (await get(`/api/fichas-clientes-beneficiaries/${company.id}`)).json();
    expect(after.unresolved).toBe(false);
    expect(after.beneficiaries).toMatchObject([{ fichaId: partner.json().relatedFichaId, participation: 10 }]);
    expect(rules((await get(`/api/fichas-clientes/${company.id}`)).json())).not.toContain('beneficialOwner.unresolved');
  });
});
