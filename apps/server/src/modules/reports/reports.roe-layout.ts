import { DEFAULT_ROE_LAYOUT, RoeLayout, type RoeLayoutT } from '@regcheck/shared/schemas/roe-layout';
import { deletePlatformSetting, platformSetting, setPlatformSetting } from '../../db/platform-settings.repo';
import { type Executor, withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';

/**
 * The ROE file's layout as data (issue 23, point 2; decision 180): the super administrator changes the columns,
 * codes and notation of the UAF file without a release; every company's next file follows it. A stored layout that
 * no longer parses (a field this version does not know) falls back to the shipped one and says so in the log,
 * rather than writing a file nobody checked.
 */

/** The platform setting that holds the layout; none stored: the layout RegCheck ships. */
const KEY = 'roe.layout';

/** The layout in force, read in the caller's transaction (the ROE file and its filing read it with the period). */
export async function roeLayoutIn(trx: Executor, log?: { error: (o: object, m: string) => void }): Promise<RoeLayoutT> {
  const row = await platformSetting(trx, KEY);
  if (!row) return DEFAULT_ROE_LAYOUT;
  const parsed = RoeLayout.safeParse(row.value);
  if (parsed.success) return parsed.data;
  log?.error({ issues: parsed.error.issues }, 'the stored ROE layout does not parse: the shipped layout is used');
  return DEFAULT_ROE_LAYOUT;
}

/** GET /platform/roe-layout: the layout in force, whether it was changed, when and by whom. */
export async function getRoeLayout(deps: AppDeps) {
  return withSystem(deps.db, async (trx) => {
    const row = await platformSetting(trx, KEY);
    const parsed = row ? RoeLayout.safeParse(row.value) : null;
    return {
      layout: parsed?.success ? parsed.data : DEFAULT_ROE_LAYOUT,
      customised: !!parsed?.success,
      updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
      updatedByName: row?.updatedByName ?? null,
    };
  });
}

/** PUT /platform/roe-layout: a new layout (validated by the schema), audited `report.roeLayout.changed`. */
export async function putRoeLayout(deps: AppDeps, caller: Caller, layout: RoeLayoutT) {
  await withSystem(deps.db, async (trx) => {
    const before = await roeLayoutIn(trx);
    await setPlatformSetting(trx, KEY, layout, caller.auth.userId);
    await audit(trx, caller, {
      action: 'report.roeLayout.changed',
      entity: 'platform_settings',
      id: 'roe.layout',
      before,
      after: layout,
    });
  });
  return getRoeLayout(deps);
}

/** DELETE /platform/roe-layout: back to the layout RegCheck ships, audited. */
export async function resetRoeLayout(deps: AppDeps, caller: Caller) {
  await withSystem(deps.db, async (trx) => {
    const before = await roeLayoutIn(trx);
    await deletePlatformSetting(trx, KEY);
    await audit(trx, caller, {
      action: 'report.roeLayout.changed',
      entity: 'platform_settings',
      id: 'roe.layout',
      before,
      after: DEFAULT_ROE_LAYOUT,
    });
  });
  return getRoeLayout(deps);
}
