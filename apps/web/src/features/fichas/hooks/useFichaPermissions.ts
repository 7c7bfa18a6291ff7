import { can, canAny } from '@regcheck/shared/permissions';
import { useUser } from '../../../app/session/useSession';

/** What the signed user may do with fichas (the server's rules in fichas.routes.ts, checked again there). */
export function useFichaPermissions() {
  const user = useUser();
  const subject = { role: user.role, company: user.company };
  return {
    canWrite: canAny(subject, ['search', 'history', 'individualSearch']),
    /** the same lines of the permission table the server's policies ask (decision 259) */
    canOverwriteRisk: can(subject, 'riskOverride'),
    /** approving an enhanced due diligence: senior management, the company administrators (ficha-edd.policy.ts) */
    canApproveEdd: can(subject, 'eddApprove'),
    /** the ficha's declarations and their signed PDFs: the operation roles, the auditor and the compliance officer */
    canSeeForms: can(subject, 'formsRead'),
    canTrash: can(subject, 'trash'),
    /** the trash's hard delete is the trash's permission on the server (fichas.policy.ts) */
    canHardDelete: can(subject, 'trash'),
  };
}
