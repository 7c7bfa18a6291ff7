import { IdParams } from '@regcheck/shared';
import { CoafCommunicateBody, CoafOperation, CoafQueue, CoafQueueQuery } from '@regcheck/shared/schemas/coaf';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import * as coaf from './reports.coaf';
import { reportsAccess } from './reports.policy';

const tags = ['reports'];

/** COAF for Brazil (issue 23, point 3): the queue, the registration of a communication, the export of the pending. */
export const coafRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/informes/coaf',
    {
      access: reportsAccess.coaf,
      summary:
        "The COAF queue of a Brazilian company: BRL cash operations of the company's threshold or more (default R$ 50,000, inclusive), due by the next Brazilian business day; one page of the asked state (due, late or communicated) with the three counts",
      querystring: CoafQueueQuery,
      reply: CoafQueue,
    },
    (req) => coaf.coafQueue(deps, tenantCallerOf(req), req.query),
  );

  r.post(
    '/informes/coaf/:id/communication',
    {
      access: reportsAccess.coafCommunicate,
      summary:
        'Registers the communication of a COAF operation made in SISCOAF: its protocol number and the day it was sent (audited; never changed nor undone: 409 when registered already)',
      params: IdParams,
      body: CoafCommunicateBody,
      reply: CoafOperation,
    },
    (req) => coaf.communicate(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  r.get(
    '/informes/coaf/export',
    {
      access: reportsAccess.coaf,
      summary:
        'The pending COAF communications (due and late) with the fields SISCOAF asks for, one row per person involved (csv: semicolon-separated UTF-8; xlsx); audited',
      querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') }),
    },
    async (req, reply) => {
      const f = await coaf.coafExport(deps, tenantCallerOf(req), req.locale, req.query.format);
      return sendDownload(reply, { type: f.type, name: f.filename, body: f.body });
    },
  );
});
