import { type Locale, translate } from '@regcheck/shared';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors';

/** Zod's own catalogs, so a validation reason reads in the caller's language like the rest of the message. */
const zodLocales: Record<Locale, { localeError: (issue: never) => unknown }> = {
  es: z.locales.es(),
  'pt-BR': z.locales.pt(),
  en: z.locales.en(),
};

function reasonIn(
  locale: Locale,
  v: { keyword: string; message?: string; params?: Record<string, unknown> },
  log: FastifyBaseLogger,
): string {
  try {
    const issue = { code: v.keyword, ...(v.params ?? {}) } as never;
    const asText = (x: unknown) =>
      typeof x === 'string' ? x : x && typeof x === 'object' && 'message' in x ? String(x.message) : '';
    // a message written in the schema (not zod's default English one) is kept as written
    if (v.message && asText(zodLocales.en.localeError(issue)) !== v.message) return v.message;
    const text = zodLocales[locale].localeError(issue);
    if (typeof text === 'string' && text) return text;
    if (text && typeof text === 'object' && 'message' in text) return String((text as { message: unknown }).message);
  } catch (err) {
    // zod's catalogue may not know an issue our schemas raise (a custom check, a newer issue code): the answer stays
    // a correct 400 with the schema's own (untranslated) reason below, so this is only worth a debug line
    log.debug({ err, keyword: v.keyword }, 'validation reason left untranslated');
  }
  return v.message ?? 'invalid';
}

function send(
  reply: FastifyReply,
  locale: Locale,
  statusCode: number,
  code: string,
  opts: { key?: string; params?: Record<string, unknown>; field?: string; details?: unknown } = {},
) {
  const body: Record<string, unknown> = {
    statusCode,
    code,
    message: translate(locale, opts.key ?? code, opts.params),
  };
  if (opts.field) body.field = opts.field;
  if (opts.details !== undefined) body.details = opts.details;
  return reply.status(statusCode).type('application/json').send(body);
}

/** Every failure answers `{ statusCode, code, message }` with the message in the caller's language. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = req.locale ?? 'es';
    if (err instanceof AppError) {
      if (err.statusCode >= 500) req.log.error({ err }, 'application error');
      return send(reply, locale, err.statusCode, err.code, {
        key: err.messageKey,
        params: err.params,
        field: err.field,
        details: err.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(err.validationContext ?? 'body'),
        message: reasonIn(locale, v, req.log),
      }));
      const first = issues[0] ?? { field: 'body', message: 'invalid' };
      return send(reply, locale, 400, 'VALIDATION_ERROR', {
        params: { field: first.field, reason: first.message },
        field: first.field,
        details: { in: err.validationContext, issues },
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return send(reply, locale, 500, 'INTERNAL');
    }
    if (err.statusCode === 429) return send(reply, locale, 429, 'RATE_LIMITED');
    if (
      err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (err.statusCode === 400 && err instanceof SyntaxError)
    ) {
      return send(reply, locale, 400, 'BAD_REQUEST');
    }
    if (err.statusCode === 413) return send(reply, locale, 413, 'BAD_REQUEST');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return send(reply, locale, err.statusCode, 'BAD_REQUEST');
    req.log.error({ err }, 'unhandled error');
    return send(reply, locale, 500, 'INTERNAL');
  });

  app.setNotFoundHandler((req, reply) => send(reply, req.locale ?? 'es', 404, 'NOT_FOUND'));
}
