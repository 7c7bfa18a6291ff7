import { can, canAny } from '@regcheck/shared/permissions';
import { useUser } from '../../../app/session/useSession';

/** What the signed user may do with fichas (the server's rules in fichas.routes.ts, checked again there). */
export function useFichaPermissions() {
  const user = useUser();
  const subject = { role: user.role, company: user.company };
  return {
    canWrite: canAny(subject, ['search', 'history', 'individualSearch']),
    canOverwriteRisk: user.role === 'admin' || user.role === 'adminNoUser',
    /** approving an enhanced due diligence: senior management, the company administrators (ficha-edd.policy.ts) */
    canApproveEdd: user.role === 'admin' || user.role === 'adminNoUser',
    /** the ficha's declarations and their signed PDFs: the operation roles, the auditor and the compliance officer */
    canSeeForms: can(subject, 'formsRead'),
    canTrash: can(subject, 'trash'),
    canHardDelete: user.role === 'admin',
  };
}
