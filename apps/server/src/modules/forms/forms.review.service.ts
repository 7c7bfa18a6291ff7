import { FORM_TYPES } from '@regcheck/shared/schemas/forms';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { refreshFormSnapshot } from '../operations';
import { formError } from './forms.errors';
import { mayReviewDeclarations } from './forms.policy';
import * as repo from './forms.repo';
import { formView } from './forms.view';

/**
 * POST /forms/{id}/review {decision, reason}: an officer reviews a signed declaration (issue 25 point 3, decision
 * 160). Accepting it makes its diligence realised; asking for a new one (a reason required) makes the form due again
 * (the next send makes a new form). Once per signed form; audited with the findings the officer saw.
 */
export async function reviewForm(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  body: { decision: 'accept' | 'renew'; reason?: string },
) {
  if (!mayReviewDeclarations(c)) throw new AppError('FORBIDDEN');
  return withTenant(deps.db, c.companyId, async (trx) => {
    const before = await repo.findForm(trx, c.companyId, id, { forUpdate: true });
    if (!before || !FORM_TYPES.includes(before.type)) throw formError('FORM_NOT_FOUND');
    if (before.status !== 'signed' || !before.isActive) throw formError('FORM_REVIEW_NOT_SIGNED');
    if (before.reviewStatus) throw formError('FORM_ALREADY_REVIEWED');
    const reviewStatus = body.decision === 'accept' ? ('accepted' as const) : ('renewalRequested' as const);
    const reason = body.decision === 'renew' ? (body.reason ?? '').trim() : (body.reason ?? '').trim() || null;
    const at = new Date();
    const after = await repo.updateForm(trx, c.companyId, id, {
      reviewStatus,
      reviewReason: reason,
      reviewedBy: c.auth.userId,
      reviewedByName: c.auth.user.name || c.auth.user.email,
      reviewedAt: at,
    });
    if (after.operationId) await refreshFormSnapshot(deps, trx, c.companyId, after.operationId);
    await audit(trx, c, {
      action: 'form.reviewed',
      entity: 'form',
      id,
      before: { reviewStatus: null },
      after: { reviewStatus, reason, findings: before.findings ?? [], at: at.toISOString() },
    });
    return formView(after);
  });
}
