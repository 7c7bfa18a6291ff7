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
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { authAccess } from './auth.policy';
import * as auth from './auth.service';
import { CaptchaService } from './captcha.service';

const tags = ['session'];

export const authRoutes = routesPlugin({ tags }, (r, deps) => {
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

  r.post(
    '/users/login',
    {
      access: authAccess.open,
      summary: 'Sign in with e-mail and password',
      body: LoginBody,
      reply: LoginResponse,
      config: { rateLimit: limited },
    },
    (req) => auth.login(deps, req.body, client(req), checkChallenge),
  );

  r.get(
    '/users/me',
    {
      access: authAccess.signedIn,
      summary: 'The signed-in user',
      reply: MeResponse,
      config: { openWhilePasswordChange: true },
    },
    async (req) => {
      const a = callerOf(req).auth;
      return { user: auth.toLoggedUser(a.user, a.company, req.locale, deps.config.restrictedCompanies) };
    },
  );

  r.get(
    '/users/logout',
    {
      access: authAccess.signedIn,
      summary: 'Sign out: revokes the session',
      reply: OkBody,
      config: { openWhilePasswordChange: true },
    },
    async (req) => {
      await auth.logout(deps, callerOf(req));
      return { ok: true as const };
    },
  );

  r.post(
    '/users/renewtoken',
    {
      access: authAccess.open,
      summary: 'Renew the access token with the refresh identifier (rotated; a replayed one ends the session)',
      body: RenewTokenBody,
      reply: RenewTokenResponse,
      config: { rateLimit: perMinute(3) },
    },
    (req) => auth.renewToken(deps, req.body.id, client(req)),
  );

  r.get(
    '/captcha/challenge',
    {
      access: authAccess.open,
      summary: 'A proof-of-work challenge; with `email`, as hard as the next sign-in of that e-mail needs',
      querystring: z.object({ email: z.string().trim().max(320).optional() }),
      reply: CaptchaChallenge,
      config: { rateLimit: perMinute(3) },
    },
    async (req) =>
      captcha.challenge(req.query.email ? await auth.loginChallengeDifficulty(deps, req.query.email) : undefined),
  );

  r.get(
    '/captcha/:token',
    {
      access: authAccess.open,
      summary: 'Checks a solved challenge without using it',
      params: z.object({ token: z.string().max(600) }),
      reply: CaptchaVerifyResponse,
      config: { rateLimit: perMinute(3) },
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

  r.post(
    '/users/recover',
    {
      access: authAccess.open,
      summary: 'Ask for a password recovery e-mail (needs a solved challenge)',
      body: RecoverBody,
      reply: OkBody,
      config: { rateLimit: perMinute(0.5) },
    },
    async (req) => {
      if (!(await captcha.verify(req.body.captcha, true))) throw new AppError('CAPTCHA_INVALID', { field: 'captcha' });
      await auth.requestRecovery(deps, req.body.email, req.body.lang, client(req));
      return { ok: true as const };
    },
  );

  r.patch(
    '/users/check-recovery',
    {
      access: authAccess.open,
      summary: 'Whether a recovery link is still valid',
      body: CheckRecoveryBody,
      reply: z.object({ valid: z.literal(true) }),
      config: { rateLimit: limited },
    },
    async (req) => {
      await auth.checkRecovery(deps, req.body.token, req.body.email);
      return { valid: true as const };
    },
  );

  r.patch(
    '/users/change-password',
    {
      access: authAccess.open,
      summary: 'Set a new password with a recovery link',
      body: ChangePasswordWithTokenBody,
      reply: OkBody,
      config: { rateLimit: limited },
    },
    async (req) => {
      await auth.resetPassword(deps, req.body, client(req));
      return { ok: true as const };
    },
  );

  r.patch(
    '/users/changepassword/:id',
    {
      access: authAccess.signedIn,
      summary: "Change one's own password",
      params: z.object({ id: z.string().uuid() }),
      body: ChangeOwnPasswordBody,
      reply: OkBody,
      config: { rateLimit: limited, openWhilePasswordChange: true },
    },
    async (req) => {
      await auth.changeOwnPassword(deps, callerOf(req), req.params.id, req.body);
      return { ok: true as const };
    },
  );
});
