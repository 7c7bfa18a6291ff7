// first: exceljs must find the chunk-safe SAX decoder when it loads (see lib/xlsx-utf8.ts)
import './lib/xlsx-utf8';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { rateLimitStoreOf } from './lib/rate-limit-store';
import { webStaticOptions } from './lib/web-static';
import { apiClientsRoutes, refusedClientRole } from './modules/api-clients';
import { authenticate, authRoutes, userLocale } from './modules/auth';
import { companiesRoutes } from './modules/companies';
import { healthRoutes } from './modules/health';
import { featureModules } from './modules/index';
import { mailRoutes } from './modules/mail';
import { usersRoutes } from './modules/users';
import { registerAccessControl } from './plugins/access';
import { registerAdmission } from './plugins/admission';
import type { AppDeps } from './plugins/context';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/headers';
import { registerInputChecks } from './plugins/input';
import { isReporterRequest, registerReporterLogging } from './plugins/reporter-logging';

/**
 * What the request logger never writes (pino `redact` paths): credentials, and the whistleblowing channel's pin,
 * report text and reporter identity, should a body or a payload ever be logged.
 */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.oldPassword',
  'req.body.pin',
  'req.body.captcha',
  'req.body.description',
  'req.body.message',
  'req.body.occurredWhen',
  'req.body.occurredWhere',
  'req.body.involved',
  'req.body.reporterName',
  'req.body.reporterEmail',
  'req.body.reporterPhone',
  'req.body.data',
  '*.pin',
  '*.pinHash',
  '*.reporterName',
  '*.reporterEmail',
  '*.reporterPhone',
];

export interface BuildOptions {
  logger?: boolean | object;
  /** serve the built web app (off in API tests) */
  serveWeb?: boolean;
}

/** Builds the Fastify instance: cross-cutting plugins, then the modules, under /api. */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            redact: LOG_REDACT,
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // the whistleblowing reporter's calls and pages write no request line (plugins/reporter-logging.ts)
    logController: new LogController({ disableRequestLogging: isReporterRequest }),
    // a client could otherwise choose its own address (X-Forwarded-For) and escape the per-address rate limits
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 700 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // the requests being served, for background work on the embedded database to step aside (lib/request-activity.ts)
  const open = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (req) => {
    open.add(req);
    deps.activity.begin();
  });
  const answered = async (req: FastifyRequest) => {
    if (open.delete(req)) deps.activity.end();
  };
  app.addHook('onResponse', answered);
  app.addHook('onRequestAbort', answered);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // sent per request by plugins/headers.ts, and only over HTTPS
    strictTransportSecurity: false,
  });
  registerSecurityHeaders(app, deps.config);
  registerReporterLogging(app);
  // the per-address counts are forgotten when their window ends, and shared by every node on PostgreSQL (decision 207)
  await app.register(rateLimit, { global: false, store: rateLimitStoreOf(deps.counters, deps.jwtSecret) });
  await app.register(multipart, { limits: { fileSize: 26 * 1024 * 1024, files: 5 } });

  registerErrorHandling(app);
  registerAccessControl(app, { authenticate, userLocale, refusedClientRole });
  registerAdmission(app, deps.config.requestConcurrency);
  registerInputChecks(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'RegCheck API',
        version: deps.config.version,
        description:
          'Screening, customer files and operations for obliged subjects. Errors answer { statusCode, code, message }.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(companiesRoutes);
      await api.register(mailRoutes);
      await api.register(apiClientsRoutes);
      for (const mod of featureModules) if (mod.routes) await api.register(mod.routes);
    },
    { prefix: '/api' },
  );

  if (opts.serveWeb !== false && fs.existsSync(path.join(deps.config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, webStaticOptions(deps.config.webDist));
    // read per request (it is small): a rebuilt web app is served at once, never a stale index with old assets
    const indexFile = path.join(deps.config.webDist, 'index.html');
    app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
      const file = path.join(deps.config.webDist, path.normalize(req.url.split('?')[0] ?? '/'));
      if (file.startsWith(deps.config.webDist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(deps.config.webDist, file));
      }
      if (req.url.startsWith('/api')) return reply.callNotFound();
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(await fs.promises.readFile(indexFile));
    });
  }
  return app;
}
