import { resources } from '@regcheck/shared/locales/index';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { listLabel } from './list-catalog';

describe('listLabel with the app’s i18next', () => {
  it('names a known list in the page language and keeps the given name of a list the catalogue lacks', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { 'pt-BR': resources['pt-BR'] }, lng: 'pt-BR', defaultNS: 'common' });
    const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p);
    expect(listLabel(t, 'rtp', 'Preferential tax regimes')).toBe('Regimes tributários privilegiados');
    expect(listLabel(t, 'company-xyz', 'My own list')).toBe('My own list');
  });
});
