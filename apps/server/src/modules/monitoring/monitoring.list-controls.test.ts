import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';
import { screenCompanyAgainst } from './monitoring.service';

const t = useTestApp();

describe('monitoring and the lists the super administrator switched off for a company', () => {
  it('a changed list that does not screen the company raises nothing there; screening it does', async () => {
    const body = '23456789';
    await postFicha(t, {
      personType: 'natural',
      dni: `${body}-${rutCheckDigit(body)}`,
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Ramiro',
      fatherName: 'Control',
      motherName: 'Listas',
    });
    const entries = [{ id: 'ctl-1', listId: 'ofac', schema: 'Person' as const, names: ['Ramiro Control Listas'] }];
    const company = { id: t.companies.cl, language: 'es' };
    const off = await screenCompanyAgainst(
      t.deps,
      { ...company, settings: { listControls: { ofac: { enabled: false, weight: 3 } } } },
      'ofac',
      entries,
      'all',
    );
    expect(off).toMatchObject({ fichasUpdated: 0, notifications: 0 });
    const on = await screenCompanyAgainst(t.deps, { ...company, settings: {} }, 'ofac', entries, 'all');
    expect(on.fichasUpdated).toBeGreaterThanOrEqual(1);
    expect(on.notifications).toBeGreaterThanOrEqual(1);
  });
});
