import { type ErrorCode, type Locale, translate } from '@regcheck/shared';
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
    // a message written in the schema as a catalogue key ('screening:errors.nameOrDocument') is translated
    if (v.message && /^[a-zA-Z-]+:[\w.]+$/.test(v.message)) return translate(locale, v.message);
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

/** A byte count as the limit message shows it ("2 MB", "512 KB"). */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** An error PostgreSQL (pg or PGlite) raised: a five-character SQLSTATE and a severity. */
function sqlState(err: unknown): string | null {
  if (!err || typeof err !== 'object') return null;
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string' ? code : null;
}

/**
 * The answer to a database error that the caller's input caused (every check of ours should have caught it first,
 * so it is logged at warn to be found and fixed): class 22, a value that does not fit its column or type (invalid
 * text representation 22P02, untranslatable character 22021, string too long 22001, numeric out of range 22003,
 * datetime overflow 22008...) is a 400; a unique violation 23505 a 409; a foreign key 23503 a 404 when the row
 * named does not exist, a 409 when the row is still referenced. Anything else is ours: null (a 500).
 */
function databaseRefusal(state: string, err: unknown): { status: number; code: ErrorCode } | null {
  if (state.startsWith('22')) return { status: 400, code: 'INVALID_VALUE' };
  if (state === '23505') return { status: 409, code: 'CONFLICT' };
  if (state === '23503') {
    const detail = String((err as { detail?: unknown }).detail ?? '');
    return /still referenced/i.test(detail)
      ? { status: 409, code: 'CONFLICT' }
      : { status: 404, code: 'REFERENCE_NOT_FOUND' };
  }
  return null;
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
    // a body over the route's limit (a file over its own limit is FILE_TOO_LARGE, lib/multipart.ts)
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = req.routeOptions.bodyLimit ?? req.server.initialConfig.bodyLimit ?? 1024 * 1024;
      return send(reply, locale, 413, 'PAYLOAD_TOO_LARGE', { params: { limit: sizeText(limit) } });
    }
    if (err.statusCode === 413) return send(reply, locale, 413, 'BAD_REQUEST');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return send(reply, locale, err.statusCode, 'BAD_REQUEST');
    const state = sqlState(err);
    const refusal = state ? databaseRefusal(state, err) : null;
    if (refusal) {
      req.log.warn({ err, sqlState: state }, 'the database refused the input');
      return send(reply, locale, refusal.status, refusal.code);
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, locale, 500, 'INTERNAL');
  });

  app.setNotFoundHandler((req, reply) => send(reply, req.locale ?? 'es', 404, 'NOT_FOUND'));
}
