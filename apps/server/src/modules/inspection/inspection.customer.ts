import { countryName } from '@regcheck/shared/format/country';
import {
  eddReasonSentence,
  historySentences,
  listLabel,
  pepLine,
  reasonSentence,
  versionLabel,
} from '@regcheck/shared/history/ficha-sentences';
import { explainInWords, isExplanation } from '@regcheck/shared/history/hit-explain';
import type { FichaHistoryEntryT } from '@regcheck/shared/schemas/fichas';
import { withTenant } from '../../db/tenant';
import { cleanFileName, fileKey } from '../../lib/files';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as dismissals from '../dismissals';
import * as reviews from '../ficha-reviews';
import * as fichas from '../fichas';
import { verifyPdfSignature } from '../forms';
import { type DocItem, type DocSection, PDF_ROWS } from './inspection.pdf';
import * as repo from './inspection.repo';
import { decisionLine, dismissalReasonLine, type Words } from './inspection.words';

/**
 * The customer's file (issue 28, point 1): everything the company recorded of one ficha, read through the same
 * services the screens read, in sections a person reads from start to end (inspection.pdf.ts lays them out) and
 * the same content as data for the JSON. The history's sentences are the screen's (@regcheck/shared/history): the
 * PDF and the ficha's history page say the same thing. A section without data says so; nothing is inferred.
 * The PDF prints at most PDF_ROWS entries of each long list (the latest, after a sentence saying how many earlier
 * ones the JSON holds: decision 270); the JSON holds them all, and the documents are read from the store only when
 * the zip is written, one at a time.
 */

/** A part of the zip: bytes at hand, or a file of the store streamed into the zip when it is written. */
export type Part = { path: string; description: string; compress: boolean } & ({ bytes: Uint8Array } | { key: string });

export interface CustomerFile {
  sections: DocSection[];
  /** the content as data, one key per section (the JSON part) */
  data: Record<string, unknown>;
  /** files handed over in the zip (the ficha's documents, the declarations' signed PDFs) */
  parts: Part[];
  /** the signed declarations, embedded in the PDF too */
  attachments: { name: string; bytes: Uint8Array; description: string; mimeType: string }[];
  subject: { name: string; dni: string };
}

type History = FichaHistoryEntryT;

/** A related person's past screenings printed in the PDF (the latest; the JSON holds them all). */
const RELATED_SCREENINGS = 20;

/** Whether the store holds a key, without reading it (its stream is opened and let go). */
async function stored(deps: AppDeps, key: string) {
  const s = await deps.files.getStream(key);
  s?.stream.destroy();
  return !!s;
}

/** Every dismissal proposal of the ficha, newest first, a page of 200 at a time. */
async function allProposals(deps: AppDeps, c: TenantCaller, fichaId: string) {
  const out: Awaited<ReturnType<typeof dismissals.list>>['data'] = [];
  for (let skip = 0; ; skip += 200) {
    const page = (await dismissals.list(deps, c, { fichaId, limit: 200, skip })).data;
    out.push(...page);
    if (page.length < 200) return out;
  }
}

const RISK_ACTIONS = new Set(['ficha.risk.changed', 'ficha.risk.overwritten']);
const PEP_ACTIONS = new Set(['ficha.pep.changed', 'ficha.pep.confirmed', 'ficha.pep.unconfirmed']);
const EDD_ACTIONS = new Set([
  'ficha.edd.required',
  'ficha.edd.reasonsChanged',
  'ficha.edd.notRequired',
  'ficha.edd.updated',
  'ficha.edd.approved',
]);
const OWNER_TYPES = new Set(['beneficiary', 'both', 'partners', 'effectiveControl', 'effectivecontrol']);

/** Every history row of the ficha, oldest first (the history service pages newest first). */
async function fullHistory(deps: AppDeps, c: TenantCaller, id: string, progress: () => Promise<void>) {
  const out: History[] = [];
  for (let skip = 0; ; skip += 500) {
    const page = await fichas.history(deps, c, id, 500, skip);
    out.push(...(page.data as History[]));
    if (page.data.length < 500) break;
    await progress();
  }
  return out.reverse();
}

export async function collectCustomer(
  deps: AppDeps,
  c: TenantCaller,
  fichaId: string,
  w: Words,
  progress: (p: number) => Promise<void>,
): Promise<CustomerFile> {
  const ficha = await fichas.getWithRelations(deps, c, fichaId);
  await progress(5);
  const history = await fullHistory(deps, c, fichaId, () => progress(10));
  await progress(20);
  const ctx = { t: w.t, exists: w.exists, locale: w.locale, timeZone: w.timeZone };
  const said = (e: History) => historySentences(e, ctx);
  const who = (e: History) => e.userName ?? w.t('fichas:history.changes.system');
  const entry = (e: History): DocItem => ({ heading: `${w.stamp(e.createdAt)} · ${who(e)}`, lines: said(e) });
  const { forms, operations, versions, recorded, row } = await withTenant(deps.db, c.companyId, async (trx) => ({
    // the stored row: its files carry where each document is kept, which the ficha's view leaves out
    row: await fichas.readFicha(trx, c.companyId, fichaId),
    forms: await repo.fichaForms(trx, c.companyId, fichaId),
    operations: await repo.fichaOperations(trx, c.companyId, fichaId),
    versions: await repo.activatedListVersions(trx),
    recorded: await repo.fichaScreenings(trx, c.companyId, fichaId),
  }));
  const edd = await withTenant(deps.db, c.companyId, (trx) => fichas.eddOf(trx, c, fichaId));
  const reviewList = await reviews.list(deps, c, fichaId);
  const proposals = await allProposals(deps, c, fichaId);
  await progress(35);
  const parts: Part[] = [];
  const attachments: CustomerFile['attachments'] = [];
  const fullName = ficha.fullName;
  const dash = (v: unknown) => (v === null || v === undefined || v === '' ? w.i('notRecorded') : String(v));
  const field = (key: string, value: unknown) => `${w.t(`fichas:form.fields.${key}`)}: ${dash(value)}`;
  /**
   * A list told oldest first, in the PDF: its latest PDF_ROWS rows, after a sentence saying how many earlier ones are
   * only in the JSON (decision 270); only the rows printed are laid out.
   */
  const latest = <T>(rows: T[], toItem: (r: T) => DocItem, max = PDF_ROWS): DocItem[] =>
    rows.length > max
      ? [
          { lines: [w.i('earlierInJson', { shown: w.amount(max), count: w.amount(rows.length - max) })] },
          ...rows.slice(-max).map(toItem),
        ]
      : rows.map(toItem);
  /** A list in no time order (related persons): its first PDF_ROWS rows, then how many more the JSON holds. */
  const first = (items: DocItem[]): DocItem[] =>
    items.length > PDF_ROWS
      ? [...items.slice(0, PDF_ROWS), { lines: [w.i('moreInJson', { count: w.amount(items.length - PDF_ROWS) })] }]
      : items;

  // 1. identity and documents
  const identity: DocItem = {
    heading: fullName,
    lines: [
      field('personType', w.named(`fichas:personType.${ficha.personType}`, ficha.personType)),
      `${w.i('document')}: ${ficha.withoutDocument ? w.i('withoutDocument') : ficha.dniFormatted}`,
      ...(ficha.personType === 'natural'
        ? [
            field('gender', ficha.gender ? w.named(`fichas:gender.${ficha.gender}`, ficha.gender) : null),
            field('birthDate', w.day(ficha.birthDate ?? null)),
            field('nationality', countryName(ficha.nationality, w.locale)),
            field('countryOfResidence', countryName(ficha.countryOfResidence, w.locale)),
            field('position', ficha.position),
            field('employer', ficha.employer),
            field('income', ficha.income != null ? w.amount(ficha.income) : null),
          ]
        : [
            field('fantasyName', ficha.fantasyName),
            field('businessType', ficha.businessType),
            field('sales', ficha.sales != null ? w.amount(ficha.sales) : null),
          ]),
      field('email', ficha.email),
      field('phone', ficha.phone),
      field('address', [ficha.address, ficha.commune, ficha.city, ficha.region].filter(Boolean).join(', ')),
      field('businessRelationshipPurpose', ficha.businessRelationshipPurpose),
      `${w.i('status')}: ${w.named(`fichas:status.${ficha.status}`, ficha.status)}`,
      `${w.i('createdAt')}: ${w.stamp(ficha.createdAt)}`,
    ],
  };
  const documentItems: DocItem[] = [];
  const documentPaths: (string | null)[] = [];
  // the view's files are the stored ones in the same order, without their place in the store
  const rawFiles: unknown = row?.files;
  const storedFiles = ((typeof rawFiles === 'string' ? JSON.parse(rawFiles) : rawFiles) ?? []) as { path?: string }[];
  for (const [n, f] of ficha.files.entries()) {
    const file = { ...f, path: storedFiles[n]?.path };
    const key = file.path ? fileKey(c.companyId, file.path) : null;
    const there = key ? await stored(deps, key) : false;
    const path = `documents/${String(n + 1).padStart(2, '0')}-${cleanFileName(file.name, 'document')}`;
    if (key && there) parts.push({ path, key, description: w.i('partDocument', { name: file.name }), compress: false });
    documentPaths.push(there ? path : null);
    documentItems.push({
      heading: file.name,
      lines: [
        file.uploadedAt ? w.i('uploadedAt', { at: w.stamp(file.uploadedAt) }) : w.i('uploadedUnknown'),
        there ? w.i('inZipAs', { path }) : w.i('fileMissing'),
      ],
    });
  }
  const identitySection: DocSection = {
    key: 'identity',
    title: w.i('sections.identity'),
    items: [identity, ...first(documentItems)],
    empty: w.i('emptyIdentity'),
  };
  if (documentItems.length === 0) identity.lines.push(w.i('noDocuments'));

  // 2. risk now and every change
  const riskNow: DocItem = {
    heading: w.i('riskNow', {
      risk: ficha.risk ? w.named(`fichas:riskExplain.levels.${ficha.risk}`, ficha.risk) : w.i('riskNone'),
    }),
    lines: [
      ...ficha.riskReasons.map((r) => reasonSentence(r, w.t, w.locale)),
      ...(ficha.overwrittenRisk
        ? [w.i('riskOverwritten', { reason: ficha.overwrittenRiskReason ?? w.i('notRecorded') })]
        : []),
    ],
  };
  if (riskNow.lines.length === 0) riskNow.lines.push(w.i('riskNoReasons'));
  const riskChanges = latest(
    history.filter((e) => RISK_ACTIONS.has(e.action)),
    entry,
  );
  const riskSection: DocSection = {
    key: 'risk',
    title: w.i('sections.risk'),
    intro: w.i('intro.risk'),
    items: [riskNow, ...(riskChanges.length ? riskChanges : [{ lines: [w.i('noRiskChanges')] }])],
    empty: w.i('noRiskChanges'),
  };

  // 3. screenings of the person and its related persons, with the list versions in force then
  const inForceAt = (at: string) => {
    const t = new Date(at).getTime();
    const latest = new Map<string, { listName: string; label: string; activatedAt: Date }>();
    for (const v of versions) if (new Date(v.activatedAt).getTime() <= t) latest.set(v.sourceId, v);
    return [...latest.entries()].map(
      ([id, v]) =>
        `${listLabel(w.t, id, v.listName)} (${versionLabel(w.t, id, v.listName, v.label)}, ${w.i('activatedOn', { at: w.day(v.activatedAt) })})`,
    );
  };
  type Hit = { matchedName: string; name: string; score: number; explanation?: unknown; dismissed?: boolean };
  const hitLine = (list: string, h: Hit & { dismissedReason?: string }) => [
    w.i(h.dismissed ? 'hitDismissed' : 'hit', {
      list,
      name: h.matchedName || h.name,
      score: Math.round(h.score * (h.score <= 1 ? 100 : 1)),
      reason: h.dismissedReason ?? '',
    }),
    // why the engine matched it, in the screen's words (name parts, document, birth date, country)
    ...(isExplanation(h.explanation) ? [`   ${explainInWords(h.explanation, w.t, w.locale)}`] : []),
  ];
  const hitLines = (listas: typeof ficha.listas) => {
    const lines: string[] = [];
    for (const l of listas?.lists ?? []) {
      const list = listLabel(w.t, l.listId, l.listName);
      for (const h of l.hits) lines.push(...hitLine(list, h));
    }
    return lines;
  };
  const screened = history.filter((e) => e.action === 'ficha.screened');
  // each past screening's hits as recorded then (decision 240); an older screening has none recorded, and says so
  const screeningIdOf = (e: History) => {
    const v = e.changes.find((ch) => ch.field === 'screeningId')?.after;
    return typeof v === 'string' ? v : null;
  };
  const recordedOf = (e: History) => {
    const id = screeningIdOf(e);
    return id ? (recorded.get(id) ?? null) : null;
  };
  const pastHitLines = (r: ReturnType<typeof recordedOf>) => {
    if (!r) return [w.i('hitsNotRecorded')];
    if (r.error) return [w.i('pastScreeningError')];
    const lines = r.hits.flatMap((h) => hitLine(listLabel(w.t, h.listId, h.listName), h));
    if (r.hitsOmitted > 0) lines.push(w.i('hitsOmitted', { count: r.hitsOmitted }));
    return lines.length ? lines : [w.i('noHits')];
  };
  const screeningItems: DocItem[] = latest(screened, (e) => {
    const lists = inForceAt(e.createdAt);
    return {
      heading: `${w.stamp(e.createdAt)} · ${who(e)}`,
      lines: [
        ...said(e),
        lists.length ? w.i('listsInForce', { lists: lists.join('; ') }) : w.i('listsInForceUnknown'),
        ...pastHitLines(recordedOf(e)),
      ],
    };
  });
  const resultNow: DocItem = {
    heading: w.i('screeningNow', { at: ficha.listas?.lastChecked ? w.stamp(ficha.listas.lastChecked) : '—' }),
    lines: ficha.listas
      ? [
          ...(ficha.listas.lastChecked
            ? [w.i('listsInForce', { lists: inForceAt(ficha.listas.lastChecked).join('; ') || '—' })]
            : []),
          ...currentLines(ficha.listas),
        ]
      : [w.i('neverScreened')],
  };
  function currentLines(listas: NonNullable<typeof ficha.listas>) {
    return listas.error ? [w.i('screeningError')] : hitLines(listas).length ? hitLines(listas) : [w.i('noHits')];
  }
  const relatedItems: DocItem[] = [];
  const relatedData: { fichaId: string; name: string; relationType: string; screenings: unknown[] }[] = [];
  const related = [...ficha.relatedPersons, ...ficha.relatedTo];
  for (const p of related) {
    const row = await fichas.get(deps, c, p.fichaId);
    const view = fichas.toFichaView(row);
    const hits = hitLines(view.listas);
    // the related person's own recorded screenings, each with its hits (decision 240)
    const past = [
      ...(await withTenant(deps.db, c.companyId, (trx) => repo.fichaScreenings(trx, c.companyId, p.fichaId))).values(),
    ];
    relatedItems.push({
      heading: `${p.fullName} · ${w.named(`fichas:relationTypes.${p.relationType}`, p.relationType)}`,
      lines: [
        view.listas?.lastChecked
          ? w.i('relatedScreened', { at: w.stamp(view.listas.lastChecked), count: view.listas.total })
          : w.i('neverScreened'),
        ...hits,
        // the latest RELATED_SCREENINGS of them in the PDF, the rest in the JSON
        ...(past.length > RELATED_SCREENINGS
          ? [w.i('earlierInJson', { shown: RELATED_SCREENINGS, count: w.amount(past.length - RELATED_SCREENINGS) })]
          : []),
        ...past
          .slice(-RELATED_SCREENINGS)
          .flatMap((r) => [
            w.i('relatedPastScreening', { at: w.stamp(r.screenedAt), count: r.total }),
            ...pastHitLines(r).map((l) => `   ${l}`),
          ]),
      ],
    });
    relatedData.push({
      fichaId: p.fichaId,
      name: p.fullName,
      relationType: p.relationType,
      screenings: past.map((r) => ({
        at: r.screenedAt,
        cause: r.cause,
        total: r.total,
        error: r.error,
        hits: r.hits,
        hitsOmitted: r.hitsOmitted,
      })),
    });
  }
  const screeningSection: DocSection = {
    key: 'screenings',
    title: w.i('sections.screenings'),
    intro: w.i('intro.screenings'),
    items: [resultNow, ...screeningItems, ...first(relatedItems)],
    empty: w.i('neverScreened'),
  };

  // 4. dismissals: proposer, approver, reason
  const dismissalItems: DocItem[] = latest(proposals.slice().reverse(), (p) => ({
    heading: `${w.stamp(p.proposedAt)} · ${listLabel(w.t, p.listId, p.listId)} · ${p.matchedName}`,
    lines: [
      w.i('proposedBy', { who: p.proposedByName ?? w.i('notRecorded') }),
      dismissalReasonLine(w, p.reasonCode, p.reasonText),
      decisionLine(w, { status: p.status, who: p.decidedByName, at: p.decidedAt, comment: p.decisionComment }),
    ],
  }));
  // dismissals applied without a second step are in the history only
  const direct = latest(
    history.filter((e) => e.action === 'ficha.match.dismissed'),
    entry,
  );
  const dismissalSection: DocSection = {
    key: 'dismissals',
    title: w.i('sections.dismissals'),
    items: [...dismissalItems, ...direct],
    empty: w.i('noDismissals'),
  };

  // 5. PEP and beneficial owners
  const pep = ficha.pep;
  const pepItems: DocItem[] = [
    {
      heading: pepLine(pep, w.t, w.timeZone),
      lines: (pep?.sources ?? []).map((s) =>
        w.i('pepSource', {
          source: w.named(`fichas:pepLine.sources.${s.kind}`, s.kind),
          office: [s.position, s.institution].filter(Boolean).join(', ') || w.t('fichas:pepLine.noOffice'),
          since: s.since ? w.day(s.since) : '—',
          until: s.until ? w.day(s.until) : w.i('noEnd'),
          state: w.i(s.active ? 'sourceActive' : 'sourceEnded'),
        }),
      ),
    },
    ...latest(
      history.filter((e) => PEP_ACTIONS.has(e.action)),
      entry,
    ),
  ];
  if (pepItems[0] && pepItems[0].lines.length === 0) pepItems[0].lines.push(w.i('noPepSources'));
  const owners = ficha.relatedPersons.filter((p) => OWNER_TYPES.has(p.relationType));
  const ownerItems: DocItem[] =
    ficha.personType === 'legal'
      ? [
          {
            heading: w.i('owners'),
            lines: owners.length
              ? owners.map((o) =>
                  w.i('owner', {
                    name: o.fullName,
                    relation: w.named(`fichas:relationTypes.${o.relationType}`, o.relationType),
                    share: o.participation != null ? `${w.amount(o.participation)} %` : w.i('notRecorded'),
                  }),
                )
              : [w.i('noOwners')],
          },
          ...latest(
            history.filter((e) => e.action.startsWith('ficha.relationship.') && said(e).length > 0),
            entry,
          ),
        ]
      : [];
  const pepSection: DocSection = {
    key: 'pepAndOwners',
    title: w.i('sections.pepAndOwners'),
    items: [...pepItems, ...ownerItems],
    empty: w.i('noPepSources'),
  };

  // 6. enhanced due diligence and periodic reviews
  const eddItem: DocItem = {
    heading: edd.required
      ? w.i(edd.status === 'completed' ? 'eddCompleted' : 'eddOpen', { since: w.day(edd.requiredSince) })
      : w.i('eddNotRequired'),
    lines: [
      ...edd.reasons.map((r) => eddReasonSentence(r, w.t, w.locale)),
      `${w.t('fichas:edd.sourceOfFunds')}: ${dash(edd.sourceOfFunds)}`,
      `${w.t('fichas:edd.sourceOfWealth')}: ${dash(edd.sourceOfWealth)}`,
      edd.approvedAt
        ? w.i('eddApproved', { who: edd.approvedByName ?? w.i('notRecorded'), at: w.stamp(edd.approvedAt) })
        : w.i('eddNotApproved'),
    ],
  };
  const reviewItems: DocItem[] = latest(reviewList.slice().reverse(), (r) => ({
    heading: `${w.stamp(r.reviewedAt)} · ${r.reviewedByName ?? w.i('notRecorded')}`,
    lines: [
      w.i('reviewOutcome', { outcome: w.named(`fichas:reviews.outcomes.${r.outcome}`, r.outcome) }),
      w.i('reviewChecked', { checked: r.checked }),
      r.nextReviewAt ? w.i('reviewNext', { at: w.day(r.nextReviewAt) }) : w.i('reviewNoNext'),
    ],
  }));
  const eddSection: DocSection = {
    key: 'eddAndReviews',
    title: w.i('sections.eddAndReviews'),
    items: [
      eddItem,
      ...latest(
        history.filter((e) => EDD_ACTIONS.has(e.action)),
        entry,
      ),
      ...(reviewItems.length ? reviewItems : [{ lines: [w.i('noReviews')] }]),
      {
        lines: [ficha.nextReviewAt ? w.i('nextReview', { at: w.day(ficha.nextReviewAt) }) : w.i('reviewNoNext')],
      },
    ],
    empty: w.i('noReviews'),
  };

  // 7. declarations, each signed PDF embedded and verified
  const declarationItems: DocItem[] = [];
  const declarationData: Record<string, unknown>[] = [];
  for (const [n, f] of forms.entries()) {
    const type = w.named(`forms:types.${f.type}`, f.type);
    // one signed PDF in memory at a time: read and verified, kept only when the PDF prints and embeds it, read
    // again from the store when the zip is written
    const signed = f.signedKey ? await deps.files.get(f.signedKey) : null;
    const check = signed ? verifyPdfSignature(signed) : null;
    const path = signed ? `declarations/${String(n + 1).padStart(2, '0')}-${f.type}.pdf` : null;
    if (signed && path && f.signedKey)
      parts.push({ path, key: f.signedKey, description: w.i('partDeclaration', { type }), compress: false });
    if (signed && path && n >= forms.length - PDF_ROWS) {
      attachments.push({
        name: path.split('/').pop() ?? `${f.type}.pdf`,
        bytes: signed,
        description: type,
        mimeType: 'application/pdf',
      });
    }
    const verification = !f.signedKey
      ? w.i('notSigned')
      : !signed
        ? w.i('fileMissing')
        : check
          ? w.i('signatureValid', { sha: f.signedSha256 ?? '' })
          : w.i('signatureInvalid');
    declarationItems.push({
      heading: `${type} · ${w.named(`forms:status.${f.status}`, f.status)}`,
      lines: [
        w.i('declarant', { name: f.name }),
        w.i('sentAt', { at: f.lastSentAt ? w.stamp(f.lastSentAt) : '—' }),
        f.signedAt ? w.i('signedAt', { at: w.stamp(f.signedAt) }) : w.i('notSigned'),
        verification,
        ...(path ? [w.i('embedded', { path })] : []),
        ...(f.reviewStatus
          ? [
              w.i(f.reviewStatus === 'accepted' ? 'declarationAccepted' : 'declarationRenewal', {
                who: f.reviewedByName ?? '',
                reason: f.reviewReason ?? '',
              }),
            ]
          : []),
      ],
    });
    declarationData.push({
      type: f.type,
      status: f.status,
      name: f.name,
      sentAt: f.lastSentAt,
      signedAt: f.signedAt,
      signedSha256: f.signedSha256,
      contentSha256: f.contentSha256,
      signatureValid: signed ? !!check : null,
      file: path,
      review: f.reviewStatus ? { status: f.reviewStatus, by: f.reviewedByName, reason: f.reviewReason } : null,
    });
  }
  await progress(55);
  const declarationSection: DocSection = {
    key: 'declarations',
    title: w.i('sections.declarations'),
    items: latest(declarationItems, (x) => x),
    empty: w.i('noDeclarations'),
  };

  // 8. operations with their ROE / COAF status and filings
  // the ROE is the UAF's (Chile), the COAF communications Brazil's: each company reads its own regulator's
  const brazil = c.auth.company?.country === 'BR';
  const operationItems: DocItem[] = latest(operations, (o) => {
    const roe = brazil
      ? []
      : o.roeFilings?.length
        ? o.roeFilings.map((f) =>
            w.i('roeFiled', { at: w.stamp(f.filedAt), who: f.filedBy, from: w.day(f.from), to: w.day(f.to) }),
          )
        : [w.i(o.roe ? 'roeMarkedNotFiled' : 'roeNotApplicable')];
    const coaf = o.coafProtocol
      ? [
          w.i('coafCommunicated', {
            protocol: o.coafProtocol,
            at: w.day(o.coafCommunicatedOn),
            who: o.coafBy ?? '',
          }),
        ]
      : brazil
        ? [w.i(o.includesCash ? 'coafNotCommunicated' : 'coafNone')]
        : [];
    return {
      heading: w.i(o.transactionType ? 'operation' : 'operationNoType', {
        code: o.codigo,
        date: w.day(o.transactionDate ?? o.registrationDate),
        type: o.transactionType,
      }),
      lines: [
        w.i('operationAmount', {
          amount: w.amount(o.amount, o.divisa),
          part: w.amount(o.partAmount, o.partCurrency),
          cash: w.amount(o.cashAmount, o.divisa),
        }),
        w.i('operationState', {
          state: w.named(`operations:status.${o.state}`, o.state),
          risk: w.named(`fichas:riskExplain.levels.${o.risk}`, o.risk),
        }),
        ...(o.ros ? [w.i('ros', { reason: o.rosReason ?? '' })] : []),
        ...roe,
        ...coaf,
      ],
    };
  });
  const operationsSection: DocSection = {
    key: 'operations',
    title: w.i('sections.operations'),
    items: operationItems,
    empty: w.i('noOperations'),
  };

  // 9. the audit trail, readable
  const trail: DocItem[] = latest(history, entry);
  const trailSection: DocSection = {
    key: 'auditTrail',
    title: w.i('sections.auditTrail'),
    intro: w.i('intro.auditTrail'),
    items: trail,
    empty: w.i('noHistory'),
  };
  await progress(65);

  const sections = [
    identitySection,
    riskSection,
    screeningSection,
    dismissalSection,
    pepSection,
    eddSection,
    declarationSection,
    operationsSection,
    trailSection,
  ];
  const data = {
    identity: { ficha, documents: ficha.files.map((f, n) => ({ name: f.name, path: documentPaths[n] ?? null })) },
    risk: {
      now: { risk: ficha.risk, score: ficha.riskScore, reasons: ficha.riskReasons },
      changes: history.filter((e) => RISK_ACTIONS.has(e.action)),
    },
    screenings: {
      now: ficha.listas,
      related: relatedData,
      history: screened.map((e) => {
        const r = recordedOf(e);
        return {
          at: e.createdAt,
          by: e.userName,
          lists: inForceAt(e.createdAt),
          // null: a screening recorded before its hits were kept (decision 240)
          hitsRecorded: r !== null,
          cause: r?.cause ?? null,
          total: r?.total ?? null,
          error: r?.error ?? null,
          hits: r?.hits ?? null,
          hitsOmitted: r?.hitsOmitted ?? null,
        };
      }),
    },
    dismissals: { proposals, direct: history.filter((e) => e.action === 'ficha.match.dismissed') },
    pepAndOwners: { pep, owners },
    eddAndReviews: { edd, reviews: reviewList },
    declarations: declarationData,
    operations,
    auditTrail: history.map((e) => ({ ...e, sentences: said(e) })),
  };
  return { sections, data, parts, attachments, subject: { name: fullName, dni: ficha.dniFormatted } };
}
