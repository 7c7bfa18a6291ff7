import { resources } from '@regcheck/shared/locales/index';
import type { FichaHistoryEntryT } from '@regcheck/shared/schemas/fichas';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { eddPanelState, eddReasonSentence } from './edd';
import { historySentences } from './history-sentences';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources, lng: 'es', fallbackLng: 'en', interpolation: { escapeValue: false } });
});
const tOf = (lng: string) => i18n.getFixedT(lng) as (k: string, p?: Record<string, unknown>) => string;

describe('enhanced due diligence in words', () => {
  it('says each reason as a sentence of the page, naming the PEP and the country, in es, pt-BR and en', () => {
    const pep = { kind: 'pep', status: 'direct' } as const;
    const related = {
      kind: 'relatedPep',
      fichaId: '00000000-0000-4000-8000-000000000009',
      name: 'Pedro Ministro',
    } as const;
    const fatf = { kind: 'fatfCountry', country: 'IR', list: 'callForAction', field: 'nationality' } as const;
    expect(eddReasonSentence(pep, tOf('es'), 'es')).toBe('Es una persona expuesta políticamente (PEP)');
    expect(eddReasonSentence(related, tOf('pt-BR'), 'pt-BR')).toBe(
      'Está relacionada a uma pessoa exposta politicamente: Pedro Ministro',
    );
    expect(eddReasonSentence(fatf, tOf('es'), 'es')).toBe(
      'Nacionalidad en un país de la lista del GAFI «llamado a la acción»: Irán',
    );
    expect(
      eddReasonSentence(
        { ...fatf, list: 'increasedMonitoring', field: 'countryOfResidence', country: 'VE' },
        tOf('en'),
        'en',
      ),
    ).toBe('Residence in a country on the FATF “increased monitoring” list: Venezuela');
    for (const lng of ['es', 'pt-BR', 'en'])
      for (const r of [pep, related, fatf, { kind: 'pep', status: 'consanguineous' } as const]) {
        const s = eddReasonSentence(r, tOf(lng), lng);
        expect(s).not.toMatch(/fichas:|edd\.|IR\b|callForAction|nationality|\{/);
      }
  });

  it('shows the panel while required, and a kept one that is no longer required only when something was recorded', () => {
    const base = {
      required: true,
      status: 'open',
      sourceOfFunds: null,
      sourceOfWealth: null,
      approvedAt: null,
    } as const;
    expect(eddPanelState(base)).toBe('open');
    expect(eddPanelState({ ...base, status: 'completed' })).toBe('completed');
    expect(eddPanelState({ ...base, required: false })).toBe('hidden');
    expect(eddPanelState({ ...base, required: false, sourceOfFunds: 'Sueldo' })).toBe('notRequired');
  });

  it('tells the history of the diligence in sentences, never codes', () => {
    const entry = (action: string, changes: FichaHistoryEntryT['changes']) =>
      ({
        id: '00000000-0000-4000-8000-000000000001',
        action,
        entity: 'ficha',
        entityId: null,
        userId: null,
        userName: 'Camila Soto',
        createdAt: '2026-11-23T23:33:15.000Z',
        changes,
      }) as FichaHistoryEntryT;
    const ctx = { t: tOf('es'), exists: (k: string) => i18n.exists(k, { lng: 'es' }), locale: 'es' };
    const [required] = historySentences(
      entry('ficha.edd.required', [
        { field: 'reasons', before: null, after: [{ kind: 'pep', status: 'direct' }] },
        { field: 'status', before: null, after: 'open' },
      ]),
      ctx,
    );
    expect(required).toBe(
      'La ficha pasó a requerir debida diligencia reforzada: Es una persona expuesta políticamente (PEP).',
    );
    const [approved] = historySentences(
      entry('ficha.edd.approved', [{ field: 'status', before: 'open', after: 'completed' }]),
      ctx,
    );
    expect(approved).toBe('Camila Soto aprobó la debida diligencia reforzada y quedó completada.');
  });
});
