import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The whistleblowing reporter leaves no trace in the server log (issue 22, point 3; ../shared/DOMAIN.md "never log
 * the reporter's address", decision 29). A route of the channel's reporter declares `config: { reporter: true }`:
 * - its requests write no "incoming request" / "request completed" line at all (they carried the address, the port,
 *   the request id and a time that matched the report's filing), and neither do the web pages of the public channel
 *   (/public/denounces/...) served by the same process;
 * - whatever is still logged while it runs comes from a logger without the request id, so a line cannot be matched
 *   to the audit row or the answer of that call (`{ channel: 'whistleblowing' }` and the error), and at warn or above
 *   only, whatever the server's level: the plugins' debug and trace lines print the request's headers (the
 *   multipart parser logs the user agent and the request id).
 * Every other route logs as before.
 */
interface RequestLike {
  url?: string;
  routeOptions?: { config?: { reporter?: boolean } };
}

const PUBLIC_CHANNEL_PAGES = /^\/public\/denounces(\/|\?|$)/;

/** Whether a request is the reporter's (Fastify's `disableRequestLogging`). */
export function isReporterRequest(req: RequestLike): boolean {
  return req.routeOptions?.config?.reporter === true || PUBLIC_CHANNEL_PAGES.test(req.url ?? '');
}

/** The logger of a reporter's request: the server's, with no request id bound, warnings and errors only. */
function reporterLogger(logger: FastifyBaseLogger, _bindings: unknown, opts: object) {
  const child = logger.child({ channel: 'whistleblowing' }, opts);
  if (['trace', 'debug', 'info'].includes(child.level)) child.level = 'warn';
  return child;
}

/** Gives every route declared `reporter: true` the logger without request id (before the routes are added). */
export function registerReporterLogging(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.config?.reporter === true) route.childLoggerFactory = reporterLogger;
  });
}
