import type { Role } from '@regcheck/shared';
import { demoEmail } from '../src/bootstrap';
import type { TestApp } from './harness';

/**
 * A notification kind read by a demo user in each language (issue 27, point 4; decisions 166 and 190): the user's
 * language is set, the list read through GET /api/notifications, and the language put back. Answers the titles and
 * descriptions each language reads, newest first.
 */
export async function readInLanguages(
  t: TestApp,
  who: Role,
  company: 'cl' | 'br',
  kind: string,
  langs: ('es' | 'en' | 'br')[] = ['es', 'en', 'br'],
) {
  const email = demoEmail(who, company);
  const before = await t.deps.db
    .selectFrom('users')
    .select('lang')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const filter = encodeURIComponent(JSON.stringify({ where: { kind } }));
  const out: Record<string, { title: string; description: string }[]> = {};
  try {
    for (const lang of langs) {
      await t.deps.db.updateTable('users').set({ lang }).where('email', '=', email).execute();
      const res = await t.get({ as: who, company }, `/api/notifications?filter=${filter}`);
      if (res.statusCode !== 200) throw new Error(`GET /api/notifications ${res.statusCode} ${res.body}`);
      out[lang] = (res.json() as { title: string; description: string }[]).map((n) => ({
        title: n.title,
        description: n.description,
      }));
    }
  } finally {
    await t.deps.db.updateTable('users').set({ lang: before.lang }).where('email', '=', email).execute();
  }
  return out;
}
