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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/context';
import { ssoAccess } from './sso.policy';
import * as service from './sso.service';

const tags = ['session'];

/** Single sign-on: the super administrator's per-company configuration, and the public sign-in flow. */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const limited = { max: deps.config.rateLimitMax, timeWindow: '1 minute' };
  const client = (req: { ip: string; headers: Record<string, unknown>; id: string }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    requestId: req.id,
  });

  app.get(
    '/companies/:id/sso',
    {
      config: { access: ssoAccess.manage },
      schema: {
        tags: ['companies'],
        summary: "The company's OpenID Connect provider and allowed e-mail domains (never the secret)",
        params: IdParams,
        response: { 200: SsoConfigView },
      },
    },
    async (req) => service.getConfig(deps, req.params.id),
  );

  app.put(
    '/companies/:id/sso',
    {
      config: { access: ssoAccess.manage },
      schema: {
        tags: ['companies'],
        summary:
          "Set the company's OpenID Connect provider (checked against its discovery document) and allowed domains; audited",
        params: IdParams,
        body: SsoConfigBody,
        response: { 200: SsoConfigView },
      },
    },
    async (req) => service.putConfig(deps, callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/companies/:id/sso',
    {
      config: { access: ssoAccess.manage },
      schema: {
        tags: ['companies'],
        summary: "Remove the company's single sign-on (its users sign in with passwords); audited",
        params: IdParams,
        response: { 200: SsoConfigView },
      },
    },
    async (req) => service.removeConfig(deps, callerOf(req), req.params.id),
  );

  app.get(
    '/sso/discover',
    {
      config: { access: ssoAccess.open, rateLimit: { ...limited, max: limited.max * 3 } },
      schema: {
        tags,
        summary: "Whether an e-mail's domain signs in with single sign-on (the login page's button)",
        querystring: z.object({ email: z.string().trim().max(320) }),
        response: { 200: SsoDiscoverView },
      },
    },
    async (req) => service.discover(deps, req.query.email),
  );

  app.post(
    '/sso/start',
    {
      config: { access: ssoAccess.open, rateLimit: limited },
      schema: {
        tags,
        summary: "Start a single sign-on: the provider's authorization URL (code flow with PKCE, state and nonce)",
        body: SsoStartBody,
        response: { 200: SsoStartView },
      },
    },
    async (req) => service.start(deps, req.body.email),
  );

  app.post(
    '/users/login-sso',
    {
      config: { access: ssoAccess.open, rateLimit: limited },
      schema: {
        tags,
        summary:
          "Finish a single sign-on: the provider's code (token), state and iss, and this browser's binding; signs in the existing user with that e-mail",
        body: LoginSsoBody,
        response: { 200: LoginResponse },
      },
    },
    async (req) => service.login(deps, req.body, client(req)),
  );
};
