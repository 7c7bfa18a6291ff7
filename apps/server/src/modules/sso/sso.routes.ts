import {
  IdParams,
  LoginResponse,
  LoginSsoBody,
  SsoConfigBody,
  SsoConfigView,
  SsoDiscoverView,
  SsoStartBody,
  SsoStartView,
} from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { ssoAccess } from './sso.policy';
import * as service from './sso.service';

const tags = ['session'];

/** Single sign-on: the super administrator's per-company configuration, and the public sign-in flow. */
export const ssoRoutes = routesPlugin({ tags: ['companies'] }, (r, deps) => {
  const limited = { max: deps.config.rateLimitMax, timeWindow: '1 minute' };
  const client = (req: { ip: string; headers: Record<string, unknown>; id: string }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    requestId: req.id,
  });

  r.get(
    '/companies/:id/sso',
    {
      access: ssoAccess.manage,
      summary: "The company's OpenID Connect provider and allowed e-mail domains (never the secret)",
      params: IdParams,
      reply: SsoConfigView,
    },
    (req) => service.getConfig(deps, req.params.id),
  );

  r.put(
    '/companies/:id/sso',
    {
      access: ssoAccess.manage,
      summary:
        "Set the company's OpenID Connect provider (checked against its discovery document) and allowed domains; audited",
      params: IdParams,
      body: SsoConfigBody,
      reply: SsoConfigView,
    },
    (req) => service.putConfig(deps, callerOf(req), req.params.id, req.body),
  );

  r.delete(
    '/companies/:id/sso',
    {
      access: ssoAccess.manage,
      summary: "Remove the company's single sign-on (its users sign in with passwords); audited",
      params: IdParams,
      reply: SsoConfigView,
    },
    (req) => service.removeConfig(deps, callerOf(req), req.params.id),
  );

  r.get(
    '/sso/discover',
    {
      access: ssoAccess.open,
      tags: tags,
      summary: "Whether an e-mail's domain signs in with single sign-on (the login page's button)",
      querystring: z.object({ email: z.string().trim().max(320) }),
      reply: SsoDiscoverView,
      config: { rateLimit: { ...limited, max: limited.max * 3 } },
    },
    (req) => service.discover(deps, req.query.email),
  );

  r.post(
    '/sso/start',
    {
      access: ssoAccess.open,
      tags: tags,
      summary: "Start a single sign-on: the provider's authorization URL (code flow with PKCE, state and nonce)",
      body: SsoStartBody,
      reply: SsoStartView,
      config: { rateLimit: limited },
    },
    (req) => service.start(deps, req.body.email),
  );

  r.post(
    '/users/login-sso',
    {
      access: ssoAccess.open,
      tags: tags,
      summary:
        "Finish a single sign-on: the provider's code (token), state and iss, and this browser's binding; signs in the existing user with that e-mail",
      body: LoginSsoBody,
      reply: LoginResponse,
      config: { rateLimit: limited },
    },
    (req) => service.login(deps, req.body, client(req)),
  );
});
