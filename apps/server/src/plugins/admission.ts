import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Admission, currentTicket, type Ticket } from '../lib/admission';

/** Routes answered whatever the line: a load balancer's and a monitor's probes must not wait behind the work. */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * At most `limit` requests of this process in their handlers at once, the others in line, first come first served
 * (lib/admission.ts, decision 258). A request joins the line once its body is read and checked and its caller
 * known, so a slow client or a stranger holds no place; an upload read inside its handler (multipart) does not join
 * it, its time being the network's; the place is given back as soon as the answer is ready to send (a download
 * streamed to a slow client holds none), and while the handler waits for another server (lib/admission.ts
 * `asideFromLine`). 0 turns the line off.
 */
export function registerAdmission(app: FastifyInstance, limit: number) {
  if (limit <= 0) return;
  const admission = new Admission(limit);
  const tickets = new WeakMap<FastifyRequest, Ticket>();
  app.addHook('preHandler', (req, _reply, done) => {
    if (PROBES.has(req.routeOptions.url ?? '') || req.isMultipart()) return done();
    const ticket = admission.enter();
    tickets.set(req, ticket);
    // the handler runs inside the ticket's context, so that a call to another server steps out of the line
    // (asideFromLine in lib/outbound-http.ts)
    void ticket.admitted.then(() => currentTicket.run(ticket, () => done()));
  });
  const giveBack = async (req: FastifyRequest) => {
    tickets.get(req)?.release();
  };
  app.addHook('onSend', giveBack);
  app.addHook('onResponse', giveBack);
  // a request whose handler has started gives its place back when that handler answers (onSend runs then, the
  // client gone or not); one still in line leaves it
  app.addHook('onRequestAbort', async (req) => {
    tickets.get(req)?.abandon();
  });
}
