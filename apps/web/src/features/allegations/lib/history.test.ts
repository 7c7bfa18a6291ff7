import { resources } from '@regcheck/shared/locales/index';
import type { AllegationActivityView } from '@regcheck/shared/schemas/allegations';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { activitySentence, historyEntries } from './history';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources, lng: 'es', fallbackLng: 'en', interpolation: { escapeValue: false } });
});
const tIn = (lng: string) => i18n.getFixedT(lng) as unknown as TFunction;
const act = (over: Partial<AllegationActivityView>): AllegationActivityView => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'viewed',
  userName: 'María Pérez',
  assigneeName: null,
  previousAssigneeName: null,
  fileName: null,
  createdAt: '2026-11-30T13:14:00.000Z',
  ...over,
});

describe("a report's history in words", () => {
  it('says who opened, assigned, reassigned, unassigned and downloaded, in the three languages', () => {
    const es = tIn('es');
    expect(activitySentence(es, act({}))).toBe('María Pérez abrió la denuncia');
    expect(activitySentence(es, act({ kind: 'assigned', assigneeName: 'Juan Soto' }))).toBe(
      'María Pérez asignó la denuncia a Juan Soto',
    );
    expect(
      activitySentence(es, act({ kind: 'assigned', assigneeName: 'Ana Díaz', previousAssigneeName: 'Juan Soto' })),
    ).toBe('María Pérez reasignó la denuncia de Juan Soto a Ana Díaz');
    expect(activitySentence(es, act({ kind: 'assigned', previousAssigneeName: 'Juan Soto' }))).toBe(
      'María Pérez dejó la denuncia sin asignar (la tenía Juan Soto)',
    );
    expect(activitySentence(es, act({ kind: 'file_downloaded', fileName: 'foto.png' }))).toBe(
      'María Pérez descargó el archivo «foto.png»',
    );
    expect(activitySentence(tIn('en'), act({ kind: 'exported' }))).toBe(
      'María Pérez downloaded the list of reports in Excel, which includes this report',
    );
    expect(activitySentence(tIn('pt-BR'), act({}))).toBe('María Pérez abriu a denúncia');
    for (const lng of ['es', 'pt-BR', 'en'])
      for (const kind of ['viewed', 'assigned', 'file_downloaded', 'exported'] as const) {
        const text = activitySentence(tIn(lng), act({ kind, assigneeName: 'Juan Soto', fileName: 'a.pdf' }));
        expect(text, `${lng} ${kind}`).not.toMatch(/allegations:|detail\.|\{\{|_/);
      }
  });

  it('puts status changes and acts in the order they happened', () => {
    const entries = historyEntries({
      history: [
        { fromStatus: null, toStatus: 'received', reason: '', userName: null, createdAt: '2026-11-30T10:00:00.000Z' },
        {
          fromStatus: 'received',
          toStatus: 'acknowledged',
          reason: 'Recibida',
          userName: 'María Pérez',
          createdAt: '2026-11-30T12:00:00.000Z',
        },
      ],
      activity: [act({ createdAt: '2026-11-30T11:00:00.000Z' }), act({ createdAt: '2026-11-30T13:00:00.000Z' })],
    });
    expect(entries.map((e) => `${e.type}@${e.at.slice(11, 13)}`)).toEqual([
      'status@10',
      'activity@11',
      'status@12',
      'activity@13',
    ]);
  });
});
