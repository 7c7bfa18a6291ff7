import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps, RouteAccess } from '../plugins/context';

/*
 * One way to declare a route of a module's routes plugin: its access rule, its documentation and its zod schemas in
 * one flat object, the handler after it. `routesOf(app, { tags })` gives get/post/put/patch/delete bound to the
 * plugin and its OpenAPI tags; the route registered is the one `app.get(path, { config, schema }, handler)` would
 * register (the same schema, config and options), so the API and its OpenAPI document do not change.
 */

/** The app as a module's routes plugin receives it. */
type App = Parameters<FastifyPluginAsyncZod>[0];
type Zod = z.ZodType;

/** A route: who may call it, what it does, what it takes and answers. */
export interface RouteSpec<P extends Zod, Q extends Zod, B extends Zod, R extends Zod> {
  access: RouteAccess;
  summary?: string;
  description?: string;
  /** the OpenAPI tags when not the plugin's */
  tags?: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  /** the 200 answer */
  reply?: R;
  /** the answers by status, when there are others than the 200 one (with `reply`, its 200 is added) */
  response?: Record<number, Zod>;
  /** the rest of the OpenAPI schema (security, hide, consumes, ...) */
  schema?: Record<string, unknown>;
  /** the rest of the route's config (rate limit, openWhilePasswordChange, ...) */
  config?: Omit<FastifyContextConfig, 'access'> & Record<string, unknown>;
  /** the largest body the route accepts, when not the server's */
  bodyLimit?: number;
}

type Out<S> = S extends Zod ? z.output<S> : unknown;
/** The request as the handler sees it: params, query and body as their schemas parse them. */
export type RouteRequest<P, Q, B> = FastifyRequest<{ Params: Out<P>; Querystring: Out<Q>; Body: Out<B> }>;
type Answer<R> = (R extends Zod ? z.input<R> | z.output<R> : unknown) | FastifyReply | undefined;
export type RouteHandler<P, Q, B, R> = (
  req: RouteRequest<P, Q, B>,
  reply: FastifyReply,
) => Promise<Answer<R>> | Answer<R>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The route methods of one routes plugin, with the OpenAPI tags its routes share. */
export function routesOf(app: App, defaults: { tags: string[] }) {
  const define =
    (method: Method) =>
    <P extends Zod = z.ZodUnknown, Q extends Zod = z.ZodUnknown, B extends Zod = z.ZodUnknown, R extends Zod = Zod>(
      url: string,
      spec: RouteSpec<P, Q, B, R>,
      handler: RouteHandler<P, Q, B, R>,
    ) => {
      const { access, summary, description, tags, params, querystring, body, reply, response, bodyLimit } = spec;
      const answers = reply ? { 200: reply, ...response } : response;
      const schema = {
        tags: tags ?? defaults.tags,
        ...(summary !== undefined && { summary }),
        ...(description !== undefined && { description }),
        ...(params && { params }),
        ...(querystring && { querystring }),
        ...(body && { body }),
        ...spec.schema,
        ...(answers && { response: answers }),
      };
      app.route({
        method,
        url,
        config: { access, ...spec.config },
        schema,
        ...(bodyLimit !== undefined && { bodyLimit }),
        handler: async (req, res) => handler(req as never, res),
      });
    };
  return {
    get: define('GET'),
    post: define('POST'),
    put: define('PUT'),
    patch: define('PATCH'),
    delete: define('DELETE'),
  };
}

/** The route methods of one routes plugin (`routesOf`). */
export type Routes = ReturnType<typeof routesOf>;

/**
 * A module's routes plugin: `declare` declares its routes with the methods of `routesOf` under the plugin's tags,
 * with the application's dependencies (and the app, for what is not a route: content-type parsers, sub-plugins).
 */
export function routesPlugin(
  defaults: { tags: string[] },
  declare: (r: Routes, deps: AppDeps, app: App) => void | Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => declare(routesOf(app, defaults), app.deps, app);
}
