import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { unstorableTextPath } from '../lib/text-input';

const PARTS = [
  ['params', (r: { params: unknown }) => r.params],
  ['querystring', (r: { query: unknown }) => r.query],
  ['body', (r: { body: unknown }) => r.body],
] as const;

/**
 * One check of every route's input before its schema: a NUL character or a lone UTF-16 surrogate anywhere in the
 * path parameters, the query or a parsed body (values and keys) answers 400 INVALID_CHARACTERS naming the field
 * (`name`, `associates.0.newFicha.name`), in the caller's language. PostgreSQL cannot store such text, so without
 * this the request failed deep in a query (500) or was stored altered. The schemas and the OpenAPI document are
 * untouched.
 */
export function registerInputChecks(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [part, of] of PARTS) {
      const at = unstorableTextPath(of(req));
      if (at !== null) {
        const field = at || part;
        throw new AppError('INVALID_CHARACTERS', { field, params: { field }, details: { in: part } });
      }
    }
  });
}
