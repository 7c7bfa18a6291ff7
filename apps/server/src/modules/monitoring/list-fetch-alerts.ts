import { listControlsOf, localeOf } from '@regcheck/shared';
import { withSystem, withTenant } from '../../db/tenant';
import type { AppDeps } from '../../plugins/context';
import * as repo from './monitoring.repo';
import { notifyOnce, renderText } from './notifications.service';

/** The job the lists module enqueues when a list's daily update fails (by name: lists does not import monitoring). */
export const LIST_FETCH_FAILED_JOB = 'monitoring.listFetchFailed';

/**
 * A list's daily update failed: every active company the list screens gets one notification a day for it, which its
 * administrators read in their own language (the stored text is the company's; the keys are in data.i18n). The
 * notification says which list, since when it is not updated and why, so that the officer knows the screening uses
 * the last version in force. Answers how many companies were notified.
 */
export async function notifyListFetchFailed(
  deps: AppDeps,
  p: { listId: string; listName: string; error: string; day: string; versionDate: string | null },
) {
  const companies = await withSystem(deps.db, (trx) => repo.activeCompanies(trx));
  let n = 0;
  for (const c of companies) {
    if (listControlsOf(c.settings)[p.listId]?.enabled === false) continue;
    const params = {
      list: p.listName,
      listId: p.listId,
      error: p.error.slice(0, 300),
      versionDate: p.versionDate ? p.versionDate.split('-').reverse().join('/') : '—',
    };
    const text = {
      title: 'screening:freshness.fetchFailedTitle',
      description: 'screening:freshness.fetchFailedBody',
      params,
      paramKeys: { list: `screening:catalog.${p.listId}` },
    };
    const locale = localeOf(c.language);
    const written = await withTenant(deps.db, c.id, (trx) =>
      notifyOnce(trx, c.id, {
        kind: 'list',
        key: `fetch-failed:${p.listId}:${p.day}`,
        title: renderText(locale, text.title, text),
        description: renderText(locale, text.description, text),
        data: { listId: p.listId, day: p.day },
        text,
      }),
    );
    if (written) n++;
  }
  return n;
}
