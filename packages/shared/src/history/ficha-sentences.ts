import type { z } from 'zod';
import { displayDni } from '../documents/display';
import { countryName } from '../format/country';
import { formatDate } from '../format/date';
import { formatNumber } from '../format/number';
import { listVersionLabel } from '../list-entries';
import type { PepDerived } from '../pep-status';
import type { EddReason } from '../schemas/edd';
import type { FichaHistoryEntryT } from '../schemas/fichas';

/**
 * The sentences of a ficha's history, its risk reasons, PEP line and enhanced-due-diligence reasons, in the reader's
 * language: one text for the screen (apps/web) and the inspector's file (the server's PDF), so both say the same
 * thing (issue 28). Dates are written in `timeZone` (the browser's on the screen, the company's on the PDF).
 * Longer than 400 lines because it is the one place of these sentences, moved whole from the web app.
 */

type Exists = (key: string) => boolean;
type T = (key: string, params?: Record<string, unknown>) => string;
type EddReasonT = z.infer<typeof EddReason>;

/** A date as dd/mm/yyyy in the time zone (the browser's when left out). */
const formatDay = (value: Date | string | null | undefined, timeZone?: string) =>
  formatDate(value, timeZone ? { timeZone } : {});

/** A list's name in the reader's language (screening:catalog.<listId>), else the name it was given. */
export function listLabel(t: T, listId: string, fallback: string): string {
  const key = `screening:catalog.${listId}`;
  const text = t(key);
  return text === key || text === `catalog.${listId}` || text === '' ? fallback : text;
}

/** A version of a list in the reader's language (see list-entries.ts listVersionLabel). */
export function versionLabel(t: T, listId: string, listName: string, label: string): string {
  return listVersionLabel(t, label, { name: listName, shownName: listLabel(t, listId, listName) });
}

export interface Reason {
  rule: string;
  factor: string;
  score: number;
  forced?: boolean;
  detail?: string;
}

const KNOWN_RULES = new Set([
  'customerType.natural',
  'customerType.legal',
  'pep.direct',
  'pep.consanguineous',
  'activity.high',
  'activity.medium',
  'income.band',
  'geography.fatfCallForAction',
  'geography.fatfIncreasedMonitoring',
  'geography.preferentialTaxRegime',
  'lists.sanction',
  'lists.pep',
  'lists.other',
  'related.high',
  'related.medium',
  'beneficialOwner.unresolved',
]);

/** A rule that fired as a sentence ("Chile está bajo vigilancia reforzada del GAFI"), never its code. */
export function reasonSentence(r: Reason, t: T, locale: string): string {
  const detail = r.detail ?? '';
  const amount = Number(detail.replace(/[^0-9.]/g, ''));
  const params = {
    detail,
    country: countryName(detail, locale),
    // a list by its name in the reader's language ('pep-register' is 'Registro PEP de RegCheck'), never its id
    list: r.factor === 'lists' && detail ? listLabel(t, detail, detail) : detail,
    amount: detail && Number.isFinite(amount) ? formatNumber(amount, locale, 0) : detail,
  };
  const key = KNOWN_RULES.has(r.rule) ? r.rule : 'unknown';
  return t(`fichas:riskExplain.rules.${key}`, params);
}

/**
 * One reason a ficha requires enhanced due diligence, as a sentence of the page's language: "It is a politically
 * exposed person (PEP)", "It is related to a politically exposed person: <name>", "Nationality in a country on the
 * FATF “call for action” list: Iran".
 */
export function eddReasonSentence(r: EddReasonT, t: T, locale: string): string {
  switch (r.kind) {
    case 'pep':
      return t(r.status === 'direct' ? 'fichas:edd.reasons.pepDirect' : 'fichas:edd.reasons.pepConsanguineous');
    case 'relatedPep':
      return t('fichas:edd.reasons.relatedPep', { name: r.name });
    case 'fatfCountry':
      return t('fichas:edd.reasons.fatfCountry', {
        field: t(`fichas:edd.fields.${r.field}`),
        list: t(`fichas:edd.lists.${r.list}`),
        country: countryName(r.country, locale),
      });
  }
}

/** What a PEP line says of a status, as stored on the ficha or in a history row (decision 170). */
export type PepLineInput = Pick<
  PepDerived,
  'state' | 'until' | 'position' | 'institution' | 'source' | 'relatedName' | 'level'
> & { relation?: string | null; through?: string | null };

/**
 * "<position>, <institution>", or for a PEP's relation "<relation> of <name>: <position>, <institution>", or for a
 * co-owner (Brazil) "close associate of <name> by joint ownership of <company>: <position>, <institution>".
 */
function details(p: PepLineInput, t: T): string {
  const office = [p.position, p.institution].filter(Boolean).join(', ') || t('fichas:pepLine.noOffice');
  // Brazil's close associate by holding a legal person together with the PEP (decision 196)
  if (p.level === 2 && p.relatedName && p.source === 'jointOwnership' && p.through)
    return t('fichas:pepLine.jointOwnershipOf', { name: p.relatedName, company: p.through, office });
  if (p.level === 2 && p.relatedName) {
    const rel =
      p.relation && ['spouse', 'relative', 'associate', 'jointOwnership'].includes(p.relation) ? p.relation : 'related';
    return t('fichas:pepLine.relationOf', {
      relation: t(`fichas:pepLine.relations.${rel}`),
      name: p.relatedName,
      office,
    });
  }
  return office;
}

/**
 * The ficha's one PEP status in words: "PEP until <date>: <position>, <institution> (source)"; with no end, "PEP
 * with no end date: ..."; a former PEP "Former PEP: until <date> (source)"; else "Not PEP".
 */
export function pepLine(p: PepLineInput | null | undefined, t: T, timeZone?: string): string {
  if (!p || p.state === 'none' || !p.source) return t('fichas:pepLine.none');
  const source = t(`fichas:pepLine.sources.${p.source}`);
  if (p.state === 'former')
    return p.until
      ? t('fichas:pepLine.former', { date: formatDay(p.until, timeZone), source })
      : t('fichas:pepLine.formerNoDate', { source });
  const what = details(p, t);
  return p.until
    ? t('fichas:pepLine.until', { date: formatDay(p.until, timeZone), details: what, source })
    : t('fichas:pepLine.noEnd', { details: what, source });
}

export interface SentenceContext {
  t: T;
  exists: Exists;
  /** Intl locale of the page ('es', 'pt-BR', 'en') */
  locale: string;
  /** the time zone dates are written in (the browser's when left out) */
  timeZone?: string;
}

/** Fields a reader of the history does not read as a change of the ficha (bookkeeping, or told elsewhere). */
const SILENT = new Set([
  'id',
  'companyId',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  'deletedBy',
  'deletedAt',
  'searchName',
  'fullName',
  'dniFormatted',
  'withoutDocument',
  // the risk is told by its own entry (ficha.risk.changed, with its cause)
  'risk',
  'riskScore',
  'riskReasons',
  'calculatedRisk',
  'effectiveRisk',
  // the screening is told by ficha.screened
  'listas',
  'listasTotal',
  'lastDOFDate',
  'asociados',
  'files',
  // the periodic review is told by ficha.reviewed and with the risk change that moved it
  'lastReviewedAt',
  'lastReviewOutcome',
  'nextReviewAt',
  // no longer audited (it depends on the day it is read), but audit rows written before hold it
  'reviewState',
]);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/;
/** The group of the fichas catalog that names each coded value (fichas:pep.direct, fichas:gender.female...). */
const ENUM_GROUPS: Record<string, string> = {
  pepStatus: 'pep',
  pepLevel: 'pep',
  gender: 'gender',
  personType: 'personType',
  status: 'status',
  relationType: 'relationTypes',
};
const COUNTRY_FIELDS = new Set(['nationality', 'countryOfResidence', 'documentCountry', 'country']);

/** A value of a field as a reader writes it: names, formatted dates and numbers, labels for codes; '' for none. */
export function historyValue(field: string, v: unknown, ctx: SentenceContext): string {
  const { t, exists, locale } = ctx;
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'boolean') return t(v ? 'fichas:lists.yes' : 'fichas:lists.no');
  if (typeof v === 'number') return formatNumber(v, locale);
  if (typeof v === 'string') {
    const group = ENUM_GROUPS[field];
    if (group && exists(`fichas:${group}.${v}`)) return t(`fichas:${group}.${v}`);
    if (field.endsWith('Risk') || field === 'risk') return exists(`common:risk.${v}`) ? t(`common:risk.${v}`) : v;
    if (COUNTRY_FIELDS.has(field) && /^[A-Za-z]{2}$/.test(v)) return countryName(v, locale);
    if (field === 'dni') return displayDni(v);
    if (ISO_DAY.test(v)) return formatDay(v.length === 10 ? v : new Date(v), ctx.timeZone);
    return v;
  }
  if (Array.isArray(v)) {
    const names = v.map((x) => (x && typeof x === 'object' ? (x as { name?: unknown }).name : x));
    return names.every((n) => typeof n === 'string' || typeof n === 'number') ? names.join(', ') : '';
  }
  if (field === 'dniType' && typeof v === 'object') {
    const d = v as { country?: string; document?: string };
    const doc =
      d.document && exists(`fichas:documentTypes.${d.document}`) ? t(`fichas:documentTypes.${d.document}`) : '';
    return [doc, countryName(d.country, locale)].filter(Boolean).join(' · ');
  }
  return '';
}

const riskName = (v: unknown, ctx: SentenceContext) =>
  typeof v === 'string' && ctx.exists(`fichas:riskExplain.levels.${v}`) ? ctx.t(`fichas:riskExplain.levels.${v}`) : '-';

function fieldSentences(e: FichaHistoryEntryT, who: string, ctx: SentenceContext): string[] {
  const { t, exists } = ctx;
  const out: string[] = [];
  for (const c of e.changes) {
    if (SILENT.has(c.field)) continue;
    const labelKey = `fichas:form.fields.${c.field}`;
    const extraKey = `fichas:historyText.fields.${c.field}`;
    const label = exists(labelKey) ? t(labelKey) : exists(extraKey) ? t(extraKey) : null;
    if (!label) continue;
    // inside a sentence a label reads in lower case ("cambió correo electrónico"), an acronym (RUT, PEP) stays
    const field = /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
    const before = historyValue(c.field, c.before, ctx);
    const after = historyValue(c.field, c.after, ctx);
    if (before === after) continue;
    if (!before) out.push(t('fichas:historyText.fieldSet', { who, field, after }));
    else if (!after) out.push(t('fichas:historyText.fieldCleared', { who, field, before }));
    else out.push(t('fichas:historyText.fieldChanged', { who, field, before, after }));
  }
  return out;
}

function after(e: FichaHistoryEntryT, field: string): unknown {
  return e.changes.find((c) => c.field === field)?.after;
}
function before(e: FichaHistoryEntryT, field: string): unknown {
  return e.changes.find((c) => c.field === field)?.before;
}

function riskCause(e: FichaHistoryEntryT, ctx: SentenceContext): string {
  const { t, locale } = ctx;
  const removed = ((after(e, 'removed') as Reason[] | undefined) ?? []).filter((r) => r && typeof r.rule === 'string');
  const added = ((after(e, 'added') as Reason[] | undefined) ?? []).filter((r) => r && typeof r.rule === 'string');
  const owners = (after(e, 'beneficialOwners') as { name: string; participation: number }[] | undefined) ?? [];
  if (removed.some((r) => r.rule === 'beneficialOwner.unresolved') && owners.length > 0) {
    const list = owners.map((o) => `${o.name} (${formatNumber(o.participation, locale)} %)`).join(', ');
    return owners.length === 1
      ? t('fichas:historyText.causes.ownerIdentified', { owners: list })
      : t('fichas:historyText.causes.ownersIdentified', { owners: list });
  }
  const cause = after(e, 'cause');
  const base =
    cause === 'relatedRiskChanged'
      ? t('fichas:historyText.causes.relatedRiskChanged', { name: String(after(e, 'relatedName') ?? '') })
      : cause === 'relationshipChanged'
        ? t('fichas:historyText.causes.relationshipChanged')
        : cause === 'riskOverwritten'
          ? t('fichas:historyText.causes.riskOverwritten')
          : t('fichas:historyText.causes.fichaUpdated');
  const parts = [
    ...added.map((r) => reasonSentence(r, t, locale)),
    ...removed.map((r) => t('fichas:historyText.causes.noLonger', { rule: reasonSentence(r, t, locale) })),
  ];
  return parts.length ? `${base}: ${parts.join('; ')}` : base;
}

/** "The next review moved from … to …" when a risk change or overwrite moved it (decision 120); none otherwise. */
function rescheduled(e: FichaHistoryEntryT, ctx: SentenceContext): string[] {
  const was = before(e, 'nextReviewAt');
  const now = after(e, 'nextReviewAt');
  if (now === undefined || was === now) return [];
  const day = (v: unknown) => (typeof v === 'string' ? formatDay(v, ctx.timeZone) : '');
  if (!now) return [ctx.t('fichas:historyText.reviewUnscheduled')];
  if (!was) return [ctx.t('fichas:historyText.reviewScheduled', { after: day(now) })];
  return [ctx.t('fichas:historyText.reviewRescheduled', { before: day(was), after: day(now) })];
}

/**
 * One audited change of a ficha as sentences a compliance officer reads: "Camila Soto cambió el correo de a@x.cl a
 * b@x.cl", "Se subió el documento cedula.pdf", "El riesgo pasó de Alto a Bajo: se identificó al beneficiario final
 * Juan Pérez (35 %)". Never a code, an id or JSON.
 */
export function historySentences(e: FichaHistoryEntryT, ctx: SentenceContext): string[] {
  const { t, locale } = ctx;
  const who = e.userName ?? t('fichas:history.changes.system');
  const name = (v: unknown) => String(v ?? '');
  switch (e.action) {
    case 'ficha.created':
      return [t('fichas:historyText.created', { who })];
    case 'ficha.updated':
    case 'ficha.replaced': {
      const lines = fieldSentences(e, who, ctx);
      return lines.length ? lines : [t('fichas:historyText.updated', { who })];
    }
    case 'ficha.risk.changed':
      return [
        t('fichas:historyText.riskChanged', {
          from: riskName(before(e, 'risk'), ctx),
          to: riskName(after(e, 'risk'), ctx),
          cause: riskCause(e, ctx),
        }),
        ...rescheduled(e, ctx),
      ];
    case 'ficha.risk.overwritten': {
      const level = after(e, 'overwrittenRisk');
      const reason = name(after(e, 'reason'));
      return [
        level
          ? t('fichas:historyText.riskOverwritten', { who, level: riskName(level, ctx), reason })
          : t('fichas:historyText.riskOverwriteCleared', { who, reason }),
        ...rescheduled(e, ctx),
      ];
    }
    case 'ficha.reviewed': {
      const outcome = name(after(e, 'outcome'));
      const next = after(e, 'nextReviewAt');
      const params = {
        who,
        outcome: ctx.exists(`fichas:reviews.outcomes.${outcome}`) ? t(`fichas:reviews.outcomes.${outcome}`) : outcome,
        // the sentence puts its own full stop after it
        checked: name(after(e, 'checked')).replace(/[.\s]+$/, ''),
        next: typeof next === 'string' ? formatDay(next, ctx.timeZone) : '',
      };
      return [t(next ? 'fichas:historyText.reviewed' : 'fichas:historyText.reviewedEnded', params)];
    }
    case 'ficha.edd.required':
    case 'ficha.edd.reasonsChanged': {
      // the enhanced due diligence (decisions 141 to 143): why, in the page's words
      const reasons = (Array.isArray(after(e, 'reasons')) ? (after(e, 'reasons') as EddReasonT[]) : [])
        .map((r) => eddReasonSentence(r, t, locale))
        .join('; ');
      if (e.action === 'ficha.edd.required') return [t('fichas:historyText.edd.required', { reasons })];
      return [t(`fichas:historyText.edd.${after(e, 'reopened') ? 'reopened' : 'reasonsChanged'}`, { reasons })];
    }
    case 'ficha.pep.changed': {
      // the one PEP status computed again (decision 170): the new status in words and why
      const get = (k: string) => after(e, k) as never;
      const line = pepLine(
        {
          state: get('state') ?? 'none',
          until: get('until') ?? null,
          position: get('position') ?? null,
          institution: get('institution') ?? null,
          source: get('source') ?? null,
          relatedName: get('relatedName') ?? null,
          level: get('level') ?? null,
          relation: get('relation') ?? null,
          through: get('through') ?? null,
        },
        t,
        ctx.timeZone,
      );
      const cause = name(after(e, 'cause'));
      return [
        t('fichas:pepLine.changed', {
          line,
          cause: ctx.exists(`fichas:pepLine.causes.${cause}`) ? t(`fichas:pepLine.causes.${cause}`) : cause,
        }),
      ];
    }
    case 'ficha.pep.confirmed':
      return [t('fichas:pepLine.confirmed', { who, name: name(after(e, 'name')) })];
    case 'ficha.pep.unconfirmed':
      return [t('fichas:pepLine.unconfirmed', { who })];
    case 'ficha.edd.notRequired':
      return [t('fichas:historyText.edd.notRequired')];
    case 'ficha.edd.updated':
      return [t('fichas:historyText.edd.updated', { who })];
    case 'ficha.edd.approved':
      return [t('fichas:historyText.edd.approved', { who })];
    case 'ficha.file.uploaded':
      return [t('fichas:historyText.fileUploaded', { who, name: name(after(e, 'name')) })];
    case 'ficha.file.deleted':
      return [t('fichas:historyText.fileDeleted', { who, name: name(after(e, 'name')) })];
    case 'ficha.screened': {
      const total = Number(after(e, 'total') ?? 0);
      return [t('fichas:historyText.screened', { who, count: total })];
    }
    // issue 28: the inspector's file of the ficha, asked for and downloaded (never "updated the ficha")
    case 'inspection.file.requested':
      return [t('fichas:historyText.inspectionRequested', { who })];
    case 'inspection.file.downloaded':
      return [t('fichas:historyText.inspectionDownloaded', { who })];
    case 'ficha.match.dismissed':
      return [t('fichas:historyText.matchDismissed', { who, reason: name(after(e, 'reason')) })];
    case 'ficha.match.dismissal.proposed':
    case 'ficha.match.dismissal.approved':
    case 'ficha.match.dismissal.rejected': {
      // issue 15: the two steps of a four-eyes dismissal, with the list named from the screening catalogue
      const listId = name(after(e, 'listId'));
      const list = listLabel(t, listId, listId);
      const code = name(after(e, 'reasonCode'));
      const reason = [
        ctx.exists(`screening:dismissal.reasons.${code}`) ? t(`screening:dismissal.reasons.${code}`) : code,
        name(after(e, 'reasonText') ?? after(e, 'comment')),
      ]
        .filter(Boolean)
        .join(': ');
      const step = e.action.split('.').pop();
      return [t(`fichas:historyText.dismissal.${step}`, { who, name: name(after(e, 'matchedName')), list, reason })];
    }
    case 'ficha.monitoring.match': {
      // who found it: a monitoring run (decision 246), a user's change or screening, or another job (a bulk load)
      if (after(e, 'source') === 'monitoring') return [t('fichas:historyText.monitoringMatch')];
      const listId = name(after(e, 'listId'));
      const list = listLabel(t, listId, listId);
      return [
        e.userName ? t('fichas:historyText.matchFoundBy', { who, list }) : t('fichas:historyText.matchFound', { list }),
      ];
    }
    case 'ficha.softDeleted':
      return [t('fichas:historyText.softDeleted', { who })];
    case 'ficha.restored':
      return [t('fichas:historyText.restored', { who })];
    case 'ficha.hardDeleted':
      return [t('fichas:historyText.hardDeleted', { who })];
    case 'ficha.relationship.created':
    case 'ficha.relationship.updated':
    case 'ficha.relationship.deleted': {
      const v = (k: string) => (e.action === 'ficha.relationship.deleted' ? before(e, k) : after(e, k));
      const type = name(v('relationType') ?? before(e, 'relationType') ?? after(e, 'relationType'));
      const relation = ctx.exists(`fichas:relationTypes.${type}`) ? t(`fichas:relationTypes.${type}`) : '';
      const pct = v('participation');
      const share = typeof pct === 'number' ? formatNumber(pct, locale) : '';
      const key = e.action.split('.').pop();
      return [
        t(`fichas:historyText.relationship.${key}${share ? 'WithShare' : ''}`, {
          who,
          name: e.relatedName || t('fichas:historyText.relatedPerson'),
          relation,
          share,
          before: formatNumber(before(e, 'participation') as number, locale),
        }),
      ];
    }
    default:
      return [t('fichas:historyText.updated', { who })];
  }
}
