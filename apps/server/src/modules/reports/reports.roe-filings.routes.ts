import { IdParams } from '@regcheck/shared';
import { RoePendingOperation, UafOperation } from '@regcheck/shared/schemas/operations';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { reportsAccess } from './reports.policy';
import { ROE_DIFF_FIELDS } from './reports.roe-diff';
import * as filings from './reports.roe-filings';
import { Day } from './reports.schemas';

const tags = ['reports'];

/** An operation as filed: the UAF list's operation without the threshold (reports.roe-diff.ts RoeSnapshotOperation). */
const RoeFiledOperation = UafOperation.omit({ thresholdUsd: true }).extend({
  divisa: z.string(),
  deleted: z.boolean().optional().describe('deleted (absent in a filing made before it was stored)'),
});

const RoeFilingView = z.object({
  id: z.string().uuid(),
  from: z.string(),
  to: z.string(),
  thresholdUsd: z.number(),
  negative: z.boolean().describe('filed as a negative ROE (no reportable operation)'),
  operationCount: z.number().int(),
  fileName: z.string(),
  sha256: z.string().describe("the SHA-256 of the filed file's bytes, in hex"),
  size: z.number().int(),
  rates: z
    .array(
      z.object({
        divisa: z.string(),
        day: z.string(),
        rateDate: z.string(),
        perUsd: z.number(),
        source: z.string(),
      }),
    )
    .describe('the dollar rate of each currency and day the filed operations were converted with'),
  filedBy: z.object({ id: z.string(), name: z.string() }),
  filedAt: z.string(),
});

const RoeChange = z.object({
  field: z.enum(ROE_DIFF_FIELDS),
  filed: z.union([z.string(), z.number()]).nullable(),
  current: z.union([z.string(), z.number()]).nullable(),
});

const RoeFilingDetail = RoeFilingView.extend({
  operations: z.array(RoeFiledOperation).describe('the operations as they were filed'),
  differences: z
    .object({
      added: z.array(RoeFiledOperation).describe('reportable now, not in the filing'),
      removed: z.array(RoeFiledOperation).describe('in the filing, no longer reportable'),
      changed: z.array(z.object({ operation: RoeFiledOperation, changes: z.array(RoeChange) })),
      threshold: z.object({ filed: z.number(), current: z.number() }).nullable(),
      pending: z.array(RoePendingOperation).describe('cash of the period now waiting for a dollar rate'),
    })
    .describe('what the period generated now differs in from this filing'),
});

/** The ROE filings: file a period, list the filings, read one with its differences, download its file. */
export const roeFilingsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/informes/roe-uaf/filings',
    {
      access: reportsAccess.roeFile,
      summary:
        "Files the period's ROE as it is now: stores the UAF file, its SHA-256, the operations and rates it was made from, who and when (immutable; audited). 409 while the period has not ended, while cash waits for a rate, or when the last filing holds the same file",
      body: z.object({ from: Day, to: Day }),
      reply: RoeFilingView,
    },
    (req) => filings.fileRoePeriod(deps, tenantCallerOf(req), req.body),
  );

  r.get(
    '/informes/roe-uaf/filings',
    {
      access: reportsAccess.roeFilings,
      summary: "The company's ROE filings, newest first (of one period with from and to)",
      querystring: z.object({
        from: Day.optional(),
        to: Day.optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
        skip: z.coerce.number().int().min(0).default(0),
      }),
      reply: z.array(RoeFilingView),
    },
    (req) => filings.listRoeFilings(deps, tenantCallerOf(req), req.query),
  );

  r.get(
    '/informes/roe-uaf/filings/:id',
    {
      access: reportsAccess.roeFilings,
      summary: 'A ROE filing with the operations it holds and what differs in its period generated now',
      params: IdParams,
      reply: RoeFilingDetail,
    },
    (req) => filings.getRoeFiling(deps, tenantCallerOf(req), req.params.id),
  );

  r.get(
    '/informes/roe-uaf/filings/:id/file',
    {
      access: reportsAccess.roeFilings,
      summary: 'The file of a ROE filing, byte for byte as filed (its SHA-256 in x-content-sha256); audited',
      params: IdParams,
    },
    async (req, reply) => {
      const f = await filings.roeFilingFile(deps, tenantCallerOf(req), req.params.id);
      return sendDownload(reply.header('x-content-sha256', f.sha256), { type: f.type, name: f.filename, body: f.body });
    },
  );
});
