import { displayDni } from '@regcheck/shared/documents/display';
import { listLabel, versionLabel } from '@regcheck/shared/history/ficha-sentences';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { type DocItem, type DocSection, PDF_ROWS } from './inspection.pdf';
import * as repo from './inspection.period.repo';
import { decisionLine, dismissalReasonLine, type Words } from './inspection.words';

/**
 * The period pack (issue 28, point 2): what the company did in a date range, in sections a person reads (figures
 * first, then the first rows of each long list), and the whole as JSON written a page at a time (a quarter of a
 * company with 100,000 fichas holds tens of thousands of alerts and reviews: never held in memory at once). The
 * whistleblowing section is counts only: no reporter's identity is read (inspection.period.repo.ts).
 */

const PAGE = 2000;

export async function collectPeriod(
  deps: AppDeps,
  c: TenantCaller,
  from: string,
  to: string,
  w: Words,
  progress: (p: number) => Promise<void>,
) {
  const r = { from, to };
  const cid = c.companyId;
  const brazil = c.auth.company?.country === 'BR';
  const language = c.auth.company?.language ?? 'es';
  const q = <T>(fn: (trx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
    withTenant(deps.db, cid, fn);
  const filings = brazil ? [] : await q((t) => repo.roeFilings(t, cid, r));
  const coaf = brazil ? await q((t) => repo.coafCommunications(t, cid, r)) : [];
  const updates = await q((t) => repo.listUpdates(t, r));
  await progress(10);
  const alertFigures = await q((t) => repo.alertFigures(t, cid, r));
  const firstAlerts = await q((t) => repo.alertsPage(t, cid, r, null, PDF_ROWS));
  await progress(25);
  const dismissals = await q((t) => repo.dismissalsInRange(t, cid, r));
  const reviews = await q((t) => repo.reviewFigures(t, cid, r));
  const firstOverdue = await q((t) => repo.overduePage(t, cid, r, null, PDF_ROWS));
  const declarations = await q((t) => repo.declarationFigures(t, cid, r));
  const courses = await q((t) => repo.coursesInForce(t, r, language));
  const manuals = await q((t) => repo.manualsInForce(t, cid, r));
  const allegations = await q((t) => repo.allegationFigures(t, cid, r));
  await progress(40);

  const hours = (h: number | null) => (h == null ? '—' : w.amount(Math.round(h * 10) / 10));
  const name = (n: string | null, dni: string | null) =>
    `${n?.trim() || w.i('notRecorded')}${dni ? ` (${displayDni(dni)})` : ''}`;
  const more = (shown: number, total: number): DocItem[] =>
    total > shown ? [{ lines: [w.i('moreInJson', { count: w.amount(total - shown) })] }] : [];

  const filingSection: DocSection = brazil
    ? {
        key: 'coafCommunications',
        title: w.i('sections.coaf'),
        items: coaf.map((x) => ({
          heading: w.i('coafItem', { protocol: x.protocol, at: w.day(x.communicatedOn) }),
          lines: [
            w.i('coafItemLine', {
              code: x.codigo,
              day: w.day(x.operationDay),
              deadline: w.day(x.deadline),
              amount: w.amount(x.cashAmount, 'BRL'),
              who: x.registeredBy,
            }),
            w.i(x.communicatedOn <= x.deadline ? 'onTime' : 'late'),
          ],
        })),
        empty: w.i('noCoaf'),
      }
    : {
        key: 'roeFilings',
        title: w.i('sections.roe'),
        items: filings.map((f) => ({
          heading: w.i('roeItem', { from: w.day(f.from), to: w.day(f.to) }),
          lines: [
            w.i('roeItemLine', { at: w.stamp(f.filedAt), who: f.filedBy }),
            f.negative ? w.i('roeNegative') : w.i('roeOperations', { count: f.operationCount }),
            w.i('roeFile', { name: f.fileName, sha: f.sha256 }),
          ],
        })),
        empty: w.i('noRoe'),
      };

  const updateSection: DocSection = {
    key: 'listUpdates',
    title: w.i('sections.listUpdates'),
    items: updates.map((u) => ({
      heading: `${w.stamp(u.activatedAt)} · ${listLabel(w.t, u.sourceId, u.listName)}`,
      lines: [w.i('listUpdateLine', { label: versionLabel(w.t, u.sourceId, u.listName, u.label), count: u.entities })],
    })),
    empty: w.i('noListUpdates'),
  };

  const alertTotal = alertFigures.reduce((n, f) => n + f.n, 0);
  const alertSection: DocSection = {
    key: 'alerts',
    title: w.i('sections.alerts'),
    intro: w.i('intro.alerts'),
    items: [
      ...(alertTotal
        ? [
            {
              heading: w.i('alertTotal', { count: alertTotal }),
              lines: alertFigures.map((f) =>
                w.i('alertOutcomeLine', {
                  outcome: w.i(`outcomes.${f.outcome}`),
                  count: f.n,
                  avg: hours(f.avgHours),
                  max: hours(f.maxHours),
                }),
              ),
            },
          ]
        : []),
      ...firstAlerts.map((a) => ({
        heading: `${w.stamp(a.raisedAt)} · ${name(a.fichaName, a.dni)}`,
        lines: [
          w.i('alertLine', {
            list: a.listId ? listLabel(w.t, a.listId, a.listId) : w.i('notRecorded'),
            outcome: w.i(`outcomes.${a.outcome}`),
            at: a.decidedAt ? w.stamp(a.decidedAt) : '—',
            hours: hours(a.hours),
          }),
        ],
      })),
      ...more(firstAlerts.length, alertTotal),
    ],
    empty: w.i('noAlerts'),
  };

  const dismissalSection: DocSection = {
    key: 'dismissals',
    title: w.i('sections.dismissals'),
    items: [
      ...dismissals.slice(0, PDF_ROWS).map((d) => ({
        heading: `${w.stamp(d.proposedAt)} · ${d.fichaName?.trim() || w.i('notRecorded')} · ${d.matchedName}`,
        lines: [
          w.i('dismissalList', { list: listLabel(w.t, d.listId, d.listId) }),
          w.i('proposedBy', { who: d.proposedBy ?? w.i('notRecorded') }),
          dismissalReasonLine(w, d.reasonCode, d.reasonText),
          decisionLine(w, { status: d.status, who: d.decidedBy, at: d.decidedAt, comment: d.decisionComment }),
        ],
      })),
      ...more(Math.min(PDF_ROWS, dismissals.length), dismissals.length),
    ],
    empty: w.i('noDismissals'),
  };

  const doneTotal = reviews.done.reduce((n, x) => n + x.n, 0);
  const reviewSection: DocSection = {
    key: 'reviews',
    title: w.i('sections.reviews'),
    items: [
      {
        heading: w.i('reviewsDone', { count: doneTotal }),
        lines: reviews.done.map((x) =>
          w.i('reviewOutcomeCount', {
            outcome: w.named(`fichas:reviews.outcomes.${x.outcome}`, x.outcome),
            count: x.n,
          }),
        ),
      },
      {
        heading: w.i('reviewsOverdue', { count: reviews.overdue, at: w.day(to) }),
        lines: firstOverdue.map((f) =>
          w.i('overdueLine', { name: name(f.fichaName, f.dni), at: w.day(f.nextReviewAt) }),
        ),
      },
      ...more(firstOverdue.length, reviews.overdue),
    ],
    empty: w.i('noReviews'),
  };

  const declarationSection: DocSection = {
    key: 'declarations',
    title: w.i('sections.declarationsPeriod'),
    items: declarations.map((d) => ({
      heading: w.named(`forms:types.${d.type}`, d.type),
      lines: [w.i('declarationCounts', { sent: d.sent, signed: d.signed })],
    })),
    empty: w.i('noDeclarationsPeriod'),
  };

  const trainingSection: DocSection = {
    key: 'trainingAndManuals',
    title: w.i('sections.trainingAndManuals'),
    items: [
      {
        heading: w.i('courses'),
        lines: courses.length
          ? courses.map((x) => w.i('courseLine', { title: x.title, at: w.day(x.createdAt), url: x.url }))
          : [w.i('noCourses')],
      },
      {
        heading: w.i('manuals'),
        lines: manuals.length
          ? manuals.map((m) =>
              w.i(m.active ? 'manualActive' : 'manualReplaced', {
                name: m.name,
                at: w.day(m.uploadDate),
                who: m.uploadedBy ?? w.i('notRecorded'),
              }),
            )
          : [w.i('noManuals')],
      },
    ],
    empty: w.i('noCourses'),
  };

  const received = allegations.byCategory.reduce((n, x) => n + x.n, 0);
  const byKey = (key: (x: (typeof allegations.byCategory)[number]) => string) => {
    const m = new Map<string, number>();
    for (const x of allegations.byCategory) m.set(key(x), (m.get(key(x)) ?? 0) + x.n);
    return [...m.entries()];
  };
  const allegationSection: DocSection = {
    key: 'whistleblowing',
    title: w.i('sections.whistleblowing'),
    intro: w.i('intro.whistleblowing'),
    items: received
      ? [
          {
            heading: w.i('allegationsReceived', { count: received }),
            lines: [
              ...byKey((x) => x.category).map(([k, n]) =>
                w.i('allegationCategory', { category: w.named(`allegations:categories.${k}`, k), count: n }),
              ),
              ...byKey((x) => x.status).map(([k, n]) =>
                w.i('allegationStatus', { status: w.named(`allegations:status.${k}`, k), count: n }),
              ),
              w.i('allegationAnonymous', {
                count: allegations.byCategory.filter((x) => x.anonymous).reduce((n, x) => n + x.n, 0),
              }),
              w.i('allegationClosing', {
                closed: allegations.closing?.closed ?? 0,
                avg: hours(allegations.closing?.avgDays ?? null),
                max: hours(allegations.closing?.maxDays ?? null),
              }),
            ],
          },
        ]
      : [],
    empty: w.i('noAllegations'),
  };
  await progress(50);

  const sections = [
    filingSection,
    updateSection,
    alertSection,
    dismissalSection,
    reviewSection,
    declarationSection,
    trainingSection,
    allegationSection,
  ];

  /** The JSON, one section after another, the long lists a page at a time. */
  async function* json(): AsyncIterable<string> {
    const head = { kind: 'period', period: r };
    yield `{"kind":"period","period":${JSON.stringify(head.period)},"sections":{`;
    yield `"${filingSection.key}":${JSON.stringify(brazil ? coaf : filings)},`;
    yield `"listUpdates":${JSON.stringify(updates)},`;
    yield `"alerts":{"figures":${JSON.stringify(alertFigures)},"items":[`;
    let after: { at: Date; id: string } | null = null;
    let first = true;
    for (;;) {
      const page: repo.AlertRow[] = await q((t) => repo.alertsPage(t, cid, r, after, PAGE));
      for (const a of page) {
        yield `${first ? '' : ','}${JSON.stringify(a)}`;
        first = false;
      }
      const last = page[page.length - 1];
      if (!last || page.length < PAGE) break;
      after = { at: last.raisedAt, id: last.id };
      await progress(60);
    }
    yield `]},"dismissals":${JSON.stringify(dismissals)},`;
    yield `"reviews":{"done":${JSON.stringify(reviews.done)},"items":[`;
    first = true;
    for (let afterId: string | null = null; ; ) {
      const page = await q((t) => repo.reviewsPage(t, cid, r, afterId, PAGE));
      for (const x of page) {
        yield `${first ? '' : ','}${JSON.stringify(x)}`;
        first = false;
      }
      afterId = page[page.length - 1]?.id ?? null;
      if (!afterId || page.length < PAGE) break;
    }
    yield `],"overdueCount":${reviews.overdue},"overdue":[`;
    first = true;
    for (let afterId: string | null = null; ; ) {
      const page = await q((t) => repo.overduePage(t, cid, r, afterId, PAGE));
      for (const x of page) {
        yield `${first ? '' : ','}${JSON.stringify(x)}`;
        first = false;
      }
      afterId = page[page.length - 1]?.id ?? null;
      if (!afterId || page.length < PAGE) break;
    }
    await progress(70);
    yield `]},"declarations":{"figures":${JSON.stringify(declarations)},"items":[`;
    first = true;
    for (let afterId: string | null = null; ; ) {
      const page = await q((t) => repo.declarationsPage(t, cid, r, afterId, PAGE));
      for (const x of page) {
        yield `${first ? '' : ','}${JSON.stringify(x)}`;
        first = false;
      }
      afterId = page[page.length - 1]?.id ?? null;
      if (!afterId || page.length < PAGE) break;
    }
    yield `]},"trainingAndManuals":${JSON.stringify({ courses, manuals })},`;
    yield `"whistleblowing":${JSON.stringify(allegations)}}}\n`;
  }
  return { sections, json: json() };
}
