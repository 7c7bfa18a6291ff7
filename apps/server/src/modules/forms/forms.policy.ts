import type { Caller, RouteAccess } from '../../plugins/context';
import { actsForAnyCompany as actsForAnyCompanyAuth, holds } from '../../plugins/policy';

/**
 * Who reaches the forms routes (spec 001 §6): the forms of an operation's participants (list, send, resend,
 * deactivate, download) are operation work (new operation or customer management); templates, the company's form
 * rules are the forms customisation (admin, adminNoUser); the signing flow and /public/verify are
 * public (each rate-limited).
 */
export const formsAccess = {
  work: ['search', 'history'],
  /**
   * reading a ficha's signed declarations (its form list, its summary, the original and signed PDFs): the operation
   * roles, the auditor and the compliance officer, who check the diligence (issue 25 point 6); sending, deactivating
   * and reviewing stay operation work
   */
  read: 'formsRead',
  customize: 'forms',
  public: 'public',
  /** the company's form settings (templates, rules, signing key): its administrators, or the super administrator */
  settings: ['forms', 'superadmin'],
} satisfies Record<string, RouteAccess>;

/** The super administrator acts on any company's form settings, naming it; everyone else on their own company. */
export function actsForAnyCompany(c: Caller): boolean {
  return actsForAnyCompanyAuth(c.auth);
}

/**
 * Who reviews a signed declaration (issue 25 point 3): the company's administrators, who answer for the diligence;
 * front desk, who sends the forms, does not accept its own diligence.
 */
export function mayReviewDeclarations(c: Caller): boolean {
  return holds(c.auth, 'declarationReview');
}
