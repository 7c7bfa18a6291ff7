import { audit } from '../../lib/audit';
import type { AppDeps } from '../../plugins/context';
import { insertNews } from './reports.news.repo';

/** Demo news for the home dashboard: one item for Chile, one for Brazil, one for every country. */
const NEWS = [
  {
    title: 'UAF: recordatorio del ROE trimestral',
    body: 'El reporte de operaciones en efectivo del trimestre se envía dentro de los primeros 10 días del mes siguiente; si no hubo operaciones, envíe el ROE negativo.',
    countries: ['CL'],
    translations: {
      en: {
        title: 'UAF: quarterly ROE reminder',
        body: "The quarter's cash operations report is filed within the first 10 days of the following month; with no operations, file the negative ROE.",
      },
    },
  },
  {
    title: 'COAF: comunicação de operações em espécie',
    body: 'Operações em espécie de R$ 50.000 ou mais devem ser comunicadas ao COAF até o dia útil seguinte.',
    countries: ['BR'],
    translations: {
      en: {
        title: 'COAF: reporting cash operations',
        body: 'Cash operations of R$ 50,000 or more must be reported to the COAF by the next business day.',
      },
    },
  },
  {
    title: 'GAFI / FATF: listas actualizadas en febrero de 2026',
    body: 'Las listas de jurisdicciones bajo monitoreo y de llamado a la acción del GAFI se actualizaron en la plenaria de febrero de 2026.',
    countries: [],
    // for every country: each reader reads it in their language (decision 190)
    translations: {
      'pt-BR': {
        title: 'GAFI / FATF: listas atualizadas em fevereiro de 2026',
        body: 'As listas de jurisdições sob monitoramento reforçado e de chamada para ação do GAFI foram atualizadas na plenária de fevereiro de 2026.',
      },
      en: {
        title: 'FATF: lists updated in February 2026',
        body: "The FATF's lists of jurisdictions under increased monitoring and subject to a call for action were updated at the February 2026 plenary.",
      },
    },
  },
];

export async function seedDemoNews(deps: AppDeps, now: Date) {
  const date = now.toISOString().slice(0, 10);
  await deps.db.transaction().execute(async (trx) => {
    for (const n of NEWS) {
      const row = await insertNews(trx, { ...n, newsDate: date, createdBy: null });
      await audit(
        trx,
        { companyId: null, userId: null, requestId: 'demo-seed' },
        {
          action: 'news.created',
          entity: 'news',
          id: row.id,
          after: row,
        },
      );
    }
  });
  return NEWS.length;
}
