import {
  CaptchaChallenge,
  CaptchaVerifyResponse,
  ChangeOwnPasswordBody,
  ChangePasswordWithTokenBody,
  CheckRecoveryBody,
  LoginBody,
  LoginResponse,
  MeResponse,
  OkBody,
  RecoverBody,
  RenewTokenBody,
  RenewTokenResponse,
} from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { callerOf } from '../../plugins/context';
import { authAccess } from './auth.policy';
import * as auth from './auth.service';
import { CaptchaService } from './captcha.service';

const tags = ['session'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const captcha = new CaptchaService(deps.jwtSecret, deps.config.captchaDifficulty, deps.counters);
  const client = (req: { ip: string; headers: Record<string, unknown>; id: string }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    requestId: req.id,
  });
  // Every route here is public: each has a limit per client address, a multiple of RATE_LIMIT_MAX (sign-in's
  // challenge and per-address lock are in the service, decision 7).
  const perMinute = (factor: number) => ({
    max: Math.max(1, Math.round(deps.config.rateLimitMax * factor)),
    timeWindow: '1 minute',
  });
  const limited = perMinute(1);
  const checkChallenge: auth.ChallengeCheck = (token, minDifficulty) => captcha.verify(token, true, minDifficulty);

  app.post(
    '/users/login',
    {
      config: { access: authAccess.open, rateLimit: limited },
      schema: { tags, summary: 'Sign in with e-mail and password', body: LoginBody, response: { 200: LoginResponse } },
    },
    async (req) => auth.login(deps, req.body, client(req), checkChallenge),
  );

  app.get(
    '/users/me',
    {
      config: { access: authAccess.signedIn, openWhilePasswordChange: true },
      schema: { tags, summary: 'The signed-in user', response: { 200: MeResponse } },
    },
    async (req) => {
      const a = callerOf(req).auth;
      return { user: auth.toLoggedUser(a.user, a.company, req.locale, deps.config.restrictedCompanies) };
    },
  );

  app.get(
    '/users/logout',
    {
      config: { access: authAccess.signedIn, openWhilePasswordChange: true },
      schema: { tags, summary: 'Sign out: revokes the session', response: { 200: OkBody } },
    },
    async (req) => {
      await auth.logout(deps, callerOf(req));
      return { ok: true as const };
    },
  );

  app.post(
    '/users/renewtoken',
    {
      config: { access: authAccess.open, rateLimit: perMinute(3) },
      schema: {
        tags,
        summary: 'Renew the access token with the refresh identifier (rotated; a replayed one ends the session)',
        body: RenewTokenBody,
        response: { 200: RenewTokenResponse },
      },
    },
    async (req) => auth.renewToken(deps, req.body.id, client(req)),
  );

  app.get(
    '/captcha/challenge',
    {
      config: { access: authAccess.open, rateLimit: perMinute(3) },
      schema: {
        tags,
        summary: 'A proof-of-work challenge; with `email`, as hard as the next sign-in of that e-mail needs',
        querystring: z.object({ email: z.string().trim().max(320).optional() }),
        response: { 200: CaptchaChallenge },
      },
    },
    async (req) =>
      captcha.challenge(req.query.email ? await auth.loginChallengeDifficulty(deps, req.query.email) : undefined),
  );

  app.get(
    '/captcha/:token',
    {
      config: { access: authAccess.open, rateLimit: perMinute(3) },
      schema: {
        tags,
        summary: 'Checks a solved challenge without using it',
        params: z.object({ token: z.string().max(600) }),
        response: { 200: CaptchaVerifyResponse },
      },
    },
    async (req) => {
      try {
        return (await captcha.verify(req.params.token, false))
          ? { success: true }
          : { success: false, message: 'Invalid token' };
      } catch (err) {
        req.log.error({ err }, 'captcha check failed');
        return { success: false, message: 'Internal error' };
      }
    },
  );

  app.post(
    '/users/recover',
    {
      config: { access: authAccess.open, rateLimit: perMinute(0.5) },
      schema: {
        tags,
        summary: 'Ask for a password recovery e-mail (needs a solved challenge)',
        body: RecoverBody,
        response: { 200: OkBody },
      },
    },
    async (req) => {
      if (!(await captcha.verify(req.body.captcha, true))) throw new AppError('CAPTCHA_INVALID', { field: 'captcha' });
      await auth.requestRecovery(deps, req.body.email, req.body.lang, client(req));
      return { ok: true as const };
    },
  );

  app.patch(
    '/users/check-recovery',
    {
      config: { access: authAccess.open, rateLimit: limited },
      schema: {
        tags,
        summary: 'Whether a recovery link is still valid',
        body: CheckRecoveryBody,
        response: { 200: z.object({ valid: z.literal(true) }) },
      },
    },
    async (req) => {
      await auth.checkRecovery(deps, req.body.token, req.body.email);
      return { valid: true as const };
    },
  );

  app.patch(
    '/users/change-password',
    {
      config: { access: authAccess.open, rateLimit: limited },
      schema: {
        tags,
        summary: 'Set a new password with a recovery link',
        body: ChangePasswordWithTokenBody,
        response: { 200: OkBody },
      },
    },
    async (req) => {
      await auth.resetPassword(deps, req.body, client(req));
      return { ok: true as const };
    },
  );

  app.patch(
    '/users/changepassword/:id',
    {
      config: { access: authAccess.signedIn, rateLimit: limited, openWhilePasswordChange: true },
      schema: {
        tags,
        summary: "Change one's own password",
        params: z.object({ id: z.string().uuid() }),
        body: ChangeOwnPasswordBody,
        response: { 200: OkBody },
      },
    },
    async (req) => {
      await auth.changeOwnPassword(deps, callerOf(req), req.params.id, req.body);
      return { ok: true as const };
    },
  );
};
