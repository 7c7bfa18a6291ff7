import { translate } from '@regcheck/shared';
import { audit } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';
import { queueMail } from '../mail';
import { scoped } from './users.service';

/**
 * POST /support: the contact form of /home/support. The message goes to the platform's support address through
 * the outbox, with the user's context (name, e-mail, role, company, language) so that support can answer.
 */
export async function requestSupport(deps: AppDeps, caller: Caller, body: { subject: string; message: string }) {
  const { user, company, role } = caller.auth;
  const text = [
    body.message,
    '',
    '---',
    `${user.name} <${user.email}>`,
    `Rol: ${translate('es', `roles:${role}`)}`,
    `Empresa: ${company ? `${company.name} (${company.country})` : '-'}`,
    `Idioma: ${user.lang ?? company?.language ?? 'es'}`,
  ].join('\n');
  return scoped(deps, caller.companyId, async (trx) => {
    const id = await queueMail(trx, deps.queue, deps.config, {
      companyId: caller.companyId,
      kind: 'support.request',
      to: deps.config.supportEmail,
      subject: `[Soporte] ${body.subject}`,
      text,
    });
    await audit(trx, caller, { action: 'support.requested', entity: 'outbox', id, after: { subject: body.subject } });
    return { sent: true as const };
  });
}
