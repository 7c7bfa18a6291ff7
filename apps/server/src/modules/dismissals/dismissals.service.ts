import {
  DEFAULT_DISMISSAL_REASONS,
  type FichaListasT,
  localeOf,
  type MatchDismissalProposalBody,
  type MatchDismissalQuery,
  type MatchDismissalViewT,
  type ScreeningSettingsBody,
  type ScreeningSettingsViewT,
  translate,
} from '@regcheck/shared';
import type { z } from 'zod';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { applyMatchDismissal, findListHit, readFicha } from '../fichas';
import { listKind } from '../search';
import { mayChangeScreeningSettings, mayDecide } from './dismissals.policy';
import * as repo from './dismissals.repo';

/*
 * Four-eyes dismissal of list matches (issue 15). A reviewer proposes to dismiss a hit of a ficha as a false
 * positive, with a reason from the company's list and free text (mandatory on sanctions and critical lists); a
 * second reviewer approves or rejects it. Only an approved dismissal removes the hit from the risk (it is applied
 * by the fichas module in the same transaction). A company may switch the second step off for non-critical lists.
 * Every step is audited on the ficha, so it shows in the ficha's history.
 */

/** Free text a sanctions or critical list dismissal must give, at least. */
export const MIN_CRITICAL_TEXT = 10;

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function view(r: repo.ProposalRow): MatchDismissalViewT {
  return {
    id: r.id,
    fichaId: r.fichaId,
    fichaName: r.fichaName ?? null,
    listId: r.listId,
    entityId: r.entityId,
    matchedName: r.matchedName,
    reasonCode: r.reasonCode,
    reasonText: r.reasonText,
    status: r.status,
    proposedBy: r.proposedBy,
    proposedByName: r.proposedByName ?? null,
    proposedAt: r.proposedAt.toISOString(),
    decidedBy: r.decidedBy,
    decidedByName: r.decidedByName ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionComment: r.decisionComment,
  };
}

async function settingsIn(trx: Executor, companyId: string): Promise<ScreeningSettingsViewT> {
  const s = await repo.findSettings(trx, companyId);
  const reasons = s ? parse<string[]>(s.dismissalReasons) : [];
  return {
    criticalLists: s ? parse<string[]>(s.criticalLists) : [],
    dismissalReasons: reasons.length ? reasons : [...DEFAULT_DISMISSAL_REASONS],
    fourEyesNonCritical: s?.fourEyesNonCritical ?? true,
  };
}

/** Sanctions lists are always critical; the company may mark others (a PEP list, its blacklist...). */
export function isCritical(settings: ScreeningSettingsViewT, listId: string): boolean {
  return listKind(listId) === 'sanctions' || settings.criticalLists.includes(listId);
}

async function mustFindProposal(trx: Executor, companyId: string, id: string) {
  const p = await repo.findProposal(trx, companyId, id);
  if (!p) throw new AppError('DISMISSAL_NOT_FOUND');
  return p;
}

/** The hit of a ficha's listas (404 when the ficha or the hit is not there). */
async function findHit(trx: Executor, companyId: string, fichaId: string, listId: string, entityId: string) {
  const ficha = await readFicha(trx, companyId, fichaId);
  const active = ficha?.status === 'active' ? ficha : undefined;
  if (!active) throw new AppError('FICHA_NOT_FOUND', { messageKey: 'fichas:errors.FICHA_NOT_FOUND' });
  const hit = findListHit(parse<FichaListasT | null>(active.listas), listId, entityId);
  if (!hit?.entryHash) throw new AppError('MATCH_NOT_FOUND', { messageKey: 'fichas:errors.MATCH_NOT_FOUND' });
  return hit;
}

/** The reason as the dismissed hit keeps it: the reason in the company's language (a custom one as written), the text. */
function reasonOf(caller: TenantCaller, p: { reasonCode: string; reasonText?: string | null }) {
  const key = `screening:dismissal.reasons.${p.reasonCode}`;
  const label = translate(localeOf(caller.auth.company?.language), key);
  const reason = label === key ? p.reasonCode : label;
  return p.reasonText ? `${reason}: ${p.reasonText}` : reason;
}

/**
 * POST /fichas-clientes/{id}/matches/{listId}/{entityId}/dismiss: proposes the dismissal of a hit. On a list that
 * needs no second step (non-critical, with the company's setting off) it applies at once.
 */
export async function propose(
  deps: AppDeps,
  caller: TenantCaller,
  fichaId: string,
  listId: string,
  entityId: string,
  body: z.infer<typeof MatchDismissalProposalBody>,
) {
  const c = caller.companyId;
  return withTenant(deps.db, c, async (trx) => {
    const hit = await findHit(trx, c, fichaId, listId, entityId);
    if (hit.dismissed) throw new AppError('MATCH_ALREADY_DISMISSED');
    const settings = await settingsIn(trx, c);
    if (!settings.dismissalReasons.includes(body.reasonCode))
      throw new AppError('DISMISSAL_REASON_UNKNOWN', { field: 'reasonCode' });
    const critical = isCritical(settings, listId);
    const text = body.reasonText?.trim() || null;
    if (critical && (text?.length ?? 0) < MIN_CRITICAL_TEXT)
      throw new AppError('DISMISSAL_TEXT_REQUIRED', { field: 'reasonText', params: { min: MIN_CRITICAL_TEXT } });
    if (await repo.findPending(trx, c, fichaId, listId, entityId)) throw new AppError('DISMISSAL_PENDING');
    const secondStep = critical || settings.fourEyesNonCritical;
    const id = await repo.insertProposal(trx, c, {
      fichaId,
      listId,
      entityId,
      entryHash: hit.entryHash as string,
      matchedName: hit.matchedName,
      reasonCode: body.reasonCode,
      reasonText: text,
      status: secondStep ? 'pending' : 'approved',
      proposedBy: caller.auth.userId,
      ...(secondStep ? {} : { decidedBy: caller.auth.userId, decidedAt: new Date() }),
    });
    await audit(trx, caller, {
      action: 'ficha.match.dismissal.proposed',
      entity: 'ficha',
      id: fichaId,
      after: {
        proposalId: id,
        listId,
        entityId,
        matchedName: hit.matchedName,
        reasonCode: body.reasonCode,
        reasonText: text,
        critical,
        secondStep,
      },
    });
    if (!secondStep) await applyMatchDismissal(trx, caller, fichaId, listId, entityId, reasonOf(caller, body));
    return { proposal: view(await mustFindProposal(trx, c, id)), applied: !secondStep };
  });
}

/** POST /match-dismissals/{id}/approve and /reject: the second user's decision on a pending proposal. */
export async function decide(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  decision: 'approved' | 'rejected',
  comment?: string,
) {
  const c = caller.companyId;
  return withTenant(deps.db, c, async (trx) => {
    const p = await mustFindProposal(trx, c, id);
    if (p.status !== 'pending') throw new AppError('DISMISSAL_DECIDED');
    if (!mayDecide(caller, p.proposedBy)) throw new AppError('DISMISSAL_OWN_PROPOSAL');
    if (decision === 'approved') {
      const hit = await findHit(trx, c, p.fichaId, p.listId, p.entityId);
      // the entry changed since the proposal: the reviewer must look at it again
      if (hit.entryHash !== p.entryHash)
        throw new AppError('MATCH_NOT_FOUND', { messageKey: 'fichas:errors.MATCH_NOT_FOUND' });
    }
    await repo.updateProposal(trx, c, id, {
      status: decision,
      decidedBy: caller.auth.userId,
      decidedAt: new Date(),
      decisionComment: comment?.trim() || null,
    });
    await audit(trx, caller, {
      action: decision === 'approved' ? 'ficha.match.dismissal.approved' : 'ficha.match.dismissal.rejected',
      entity: 'ficha',
      id: p.fichaId,
      before: { proposalId: id, status: 'pending', proposedBy: p.proposedByName ?? p.proposedBy },
      after: {
        proposalId: id,
        listId: p.listId,
        entityId: p.entityId,
        matchedName: p.matchedName,
        status: decision,
        comment: comment?.trim() || null,
      },
    });
    if (decision === 'approved')
      await applyMatchDismissal(trx, caller, p.fichaId, p.listId, p.entityId, reasonOf(caller, p));
    return view(await mustFindProposal(trx, c, id));
  });
}

/** GET /match-dismissals: the company's proposals, newest first (filter by status and ficha). */
export async function list(deps: AppDeps, caller: TenantCaller, q: z.infer<typeof MatchDismissalQuery>) {
  const c = caller.companyId;
  return withTenant(deps.db, c, async (trx) => {
    const { rows, count } = await repo.listProposals(trx, c, {
      status: q.status,
      fichaId: q.fichaId,
      limit: q.limit ?? 50,
      skip: q.skip ?? 0,
    });
    return { count, data: rows.map(view) };
  });
}

/** GET /screening-settings */
export function getSettings(deps: AppDeps, caller: TenantCaller) {
  return withTenant(deps.db, caller.companyId, (trx) => settingsIn(trx, caller.companyId));
}

/** A reason as compared for repeats: case, accents and spacing do not make two reasons. */
const reasonKey = (r: string) =>
  r
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * PUT /screening-settings, audited with the values before and after. The dismissal reasons are kept by every
 * blacklist reviewer (the route's access); the critical lists and the second step only by the administrators
 * (403 otherwise, nothing changes). A reason given twice is a 400 naming it.
 */
export async function updateSettings(deps: AppDeps, caller: TenantCaller, body: z.infer<typeof ScreeningSettingsBody>) {
  const c = caller.companyId;
  return withTenant(deps.db, c, async (trx) => {
    const before = await settingsIn(trx, c);
    const after: ScreeningSettingsViewT = {
      criticalLists: body.criticalLists ?? before.criticalLists,
      dismissalReasons: body.dismissalReasons ?? before.dismissalReasons,
      fourEyesNonCritical: body.fourEyesNonCritical ?? before.fourEyesNonCritical,
    };
    const sameLists =
      [...after.criticalLists].sort().join('\u0001') === [...before.criticalLists].sort().join('\u0001');
    if ((!sameLists || after.fourEyesNonCritical !== before.fourEyesNonCritical) && !mayChangeScreeningSettings(caller))
      throw new AppError('FORBIDDEN');
    const seen = new Set<string>();
    for (const [i, r] of after.dismissalReasons.entries()) {
      if (seen.has(reasonKey(r)))
        throw new AppError('VALIDATION_ERROR', {
          field: `dismissalReasons.${i}`,
          messageKey: 'screening:errors.reasonDuplicate',
          params: { reason: r },
        });
      seen.add(reasonKey(r));
    }
    await repo.upsertSettings(trx, c, { ...after, updatedBy: caller.auth.userId });
    await audit(trx, caller, { action: 'screening.settings.updated', entity: 'company', id: c, before, after });
    return after;
  });
}
