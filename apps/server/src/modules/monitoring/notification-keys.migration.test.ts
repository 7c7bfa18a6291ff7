import { type Locale, translate } from '@regcheck/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { readInLanguages } from '../../../test/notification-languages';
import * as m0780 from '../../db/migrations/0780_notification_keys';

/*
 * Issue 27, point 5 (decision 202): notifications stored before decision 190 (text only, in the company's language)
 * gain their keys and values where the kind says which sentences wrote them, and then read in the reader's language;
 * a row whose text no sentence of its kind writes again exactly keeps its stored text.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const stamp = Date.now().toString().slice(-6);

/** A row as the writers stored it before decision 190: the text in the company's language, no keys. */
async function oldRow(
  company: 'cl' | 'br',
  kind: string,
  title: string,
  description: string,
  data: Record<string, unknown>,
) {
  const r = await sql<{ id: string }>`
    insert into notifications (company_id, title, description, kind, data)
    values (${t.companies[company]}::uuid, ${title}, ${description}, ${kind}, ${JSON.stringify(data)}::jsonb)
    returning id`.execute(t.deps.db);
  return r.rows[0]?.id as string;
}

const tr = (l: Locale, key: string, p?: Record<string, unknown>) => translate(l, key, p);

async function dataOf(id: string) {
  const r = await sql<{ data: Record<string, unknown> }>`select data from notifications where id = ${id}::uuid`.execute(
    t.deps.db,
  );
  return r.rows[0]?.data;
}

describe('notifications written before keys read in the reader language after migration 0780', () => {
  const match = {
    name: `ACME ${stamp} SpA`,
    dni: '76.111.111-1',
    matchedName: 'ACME',
    listName: tr('es', 'screening:catalog.ofac'),
    score: '0.93',
  };
  const review = {
    count: 14,
    items: [`Ana Pérez ${stamp}`, `Luis Soto ${stamp}`],
    dates: ['01/10/2026', '15/10/2026'],
  };
  const coaf = { codigo: `00${stamp}`, amount: '60.000,00', date: '30/11/2026' };
  const allegation = { code: `D-${stamp}`, due: '01/12/2026' };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids.match = await oldRow(
      'cl',
      'monitoring.match',
      tr('es', 'fichas:notifications.newMatchTitle', match),
      tr('es', 'fichas:notifications.newMatchDescription', match),
      { listId: 'ofac', entityId: '306', score: 0.93 },
    );
    const list = review.items
      .map((name, i) => tr('es', 'fichas:reviews.notification.item', { name, date: review.dates[i] }))
      .join('; ');
    ids.reviews = await oldRow(
      'cl',
      'reviews.overdue',
      tr('es', 'fichas:reviews.notification.title', { count: review.count }),
      `${tr('es', 'fichas:reviews.notification.body', { list })} ${tr('es', 'fichas:reviews.notification.more', { count: 12 })}`,
      { week: '2026-W40', total: review.count },
    );
    const deadline = tr('es', 'allegations:deadline.investigation');
    ids.allegation = await oldRow(
      'cl',
      'allegation.deadline',
      tr('es', 'allegations:mail.passedSubject', { ...allegation, deadline }),
      tr('es', 'allegations:mail.passedBody', { ...allegation, deadline }),
      { deadline: 'investigation', due: '2026-12-01', stage: 'passed' },
    );
    ids.coaf = await oldRow('br', 'coaf.due', tr('pt-BR', 'coaf:title'), tr('pt-BR', 'coaf:notification', coaf), {
      deadline: '2026-11-30',
    });
    ids.bacen = await oldRow(
      'br',
      'bacen',
      tr('pt-BR', 'records:bacen.declaration.reminderTitle'),
      tr('pt-BR', 'records:bacen.declaration.overdue', { month: '10/2026', due: '15/11/2026' }),
      { month: '2026-10', dueDate: '2026-11-15' },
    );
    // a text no sentence of its kind writes (typed by hand, or a sentence changed since): kept as stored
    ids.odd = await oldRow('cl', 'monitoring.match', `Coincidencia antigua ${stamp}`, 'Revisar a mano', {});
    await m0780.up(t.deps.db as never);
  });

  it('a list match reads in English and Portuguese, the list by its name in each language', async () => {
    const read = await readInLanguages(t, 'admin', 'cl', 'monitoring.match');
    const mine = (l: string) => read[l]?.find((n) => n.title.includes(match.name));
    expect(mine('es')?.title).toBe(tr('es', 'fichas:notifications.newMatchTitle', match));
    expect(mine('en')?.title).toBe(`New list match: ${match.name}`);
    expect(mine('en')?.description).toBe(
      tr('en', 'fichas:notifications.newMatchDescription', { ...match, listName: tr('en', 'screening:catalog.ofac') }),
    );
    expect(mine('br')?.title).toBe(`Nova coincidência em listas: ${match.name}`);
    // the row it could not read keeps its text in every language
    for (const l of ['es', 'en', 'br'])
      expect(read[l]?.find((n) => n.title.includes(`antigua ${stamp}`))).toEqual({
        title: `Coincidencia antigua ${stamp}`,
        description: 'Revisar a mano',
      });
    expect((await dataOf(ids.odd ?? ''))?.i18n).toBeUndefined();
    expect((await dataOf(ids.match ?? ''))?.i18n).toMatchObject({
      title: 'fichas:notifications.newMatchTitle',
      params: { name: match.name, dni: match.dni, score: '0.93' },
      paramKeys: { listName: 'screening:catalog.ofac' },
    });
  });

  it("the overdue reviews, each customer's line and the 'and 12 more' sentence read in English", async () => {
    const read = await readInLanguages(t, 'admin', 'cl', 'reviews.overdue');
    const en = read.en?.find((n) => n.description.includes(review.items[0] ?? '-'));
    const list = review.items
      .map((name, i) => tr('en', 'fichas:reviews.notification.item', { name, date: review.dates[i] }))
      .join('; ');
    expect(en).toEqual({
      title: tr('en', 'fichas:reviews.notification.title', { count: 14 }),
      description: `${tr('en', 'fichas:reviews.notification.body', { list })} ${tr('en', 'fichas:reviews.notification.more', { count: 12 })}`,
    });
  });

  it('an allegation deadline reads its deadline in English', async () => {
    const read = await readInLanguages(t, 'admin', 'cl', 'allegation.deadline');
    const en = read.en?.find((n) => n.title.includes(allegation.code));
    const deadline = tr('en', 'allegations:deadline.investigation');
    expect(en).toEqual({
      title: tr('en', 'allegations:mail.passedSubject', { ...allegation, deadline }),
      description: tr('en', 'allegations:mail.passedBody', { ...allegation, deadline }),
    });
  });

  it('a Brazilian COAF due day and Bacen reminder, stored in Portuguese, read in Spanish and English', async () => {
    const coafRead = await readInLanguages(t, 'admin', 'br', 'coaf.due');
    expect(coafRead.en?.find((n) => n.description.includes(coaf.codigo))).toEqual({
      title: tr('en', 'coaf:title'),
      description: tr('en', 'coaf:notification', coaf),
    });
    expect(coafRead.es?.find((n) => n.description.includes(coaf.codigo))?.description).toBe(
      tr('es', 'coaf:notification', coaf),
    );
    const bacenRead = await readInLanguages(t, 'admin', 'br', 'bacen');
    expect(bacenRead.en?.find((n) => n.description.includes('10/2026'))).toEqual({
      title: tr('en', 'records:bacen.declaration.reminderTitle'),
      description: tr('en', 'records:bacen.declaration.overdue', { month: '10/2026', due: '15/11/2026' }),
    });
  });

  it('running it again changes nothing', async () => {
    const before = await Promise.all(Object.values(ids).map(dataOf));
    await m0780.up(t.deps.db as never);
    expect(await Promise.all(Object.values(ids).map(dataOf))).toEqual(before);
  });
});
