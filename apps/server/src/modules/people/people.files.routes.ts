import { IdParams, PEP_IMPORT_LINE_STATUSES, PepImportLineView, PepImportView, PersonView } from '@regcheck/shared';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { downloadFile, fileError, uploadFile } from './people.files.service';
import { getImport, importLines, listImports, MAX_IMPORT_BYTES, startImport } from './people.import.service';
import { peopleAccess } from './people.policy';

const tags = ['people'];
const Page = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(25),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The PEP register's documents and its imports of the Brazil PEP list (super administrator). */
export const peopleFilesRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/people/:id/upload-files',
    {
      access: peopleAccess.write,
      summary: 'Keep a PDF on a person (multipart, one file, checked by content, at most 25 MB)',
      params: IdParams,
      reply: PersonView,
      schema: { consumes: ['multipart/form-data'] },
    },
    async (req) => {
      const file = await readFilePart(req);
      if (typeof file === 'string') throw fileError(file);
      return uploadFile(deps, callerOf(req), req.params.id, file);
    },
  );

  r.get(
    '/people/download-files/:name',
    {
      access: peopleAccess.read,
      summary: "A person's PDF by the name its url carries (404 FILE_NOT_FOUND otherwise)",
      params: z.object({ name: z.string().min(1).max(60) }),
    },
    async (req, reply) => {
      const f = await downloadFile(deps, callerOf(req), req.params.name);
      return sendDownload(reply, { type: 'application/pdf', name: f.name, body: f.bytes });
    },
  );

  r.post(
    '/people/import',
    {
      access: peopleAccess.write,
      summary: 'Import the Brazil PEP list of the Portal da Transparência (multipart CSV, at most 60 MB), as a job',
      description:
        'The file must be the Portal\'s CSV (";" separated, header CPF;Nome_PEP;...). Each line gets its outcome ' +
        'in the report (GET /people/imports/{id}/lines): created, updated, unchanged, merged into the person of ' +
        'an earlier line, or an error in words.',
      response: { 202: PepImportView },
      schema: { consumes: ['multipart/form-data'] },
    },
    async (req, reply) => {
      const file = await readFilePart(req, MAX_IMPORT_BYTES);
      if (typeof file === 'string') throw fileError(file);
      return reply.status(202).send(await startImport(deps, callerOf(req), file));
    },
  );

  r.get(
    '/people/imports',
    {
      access: peopleAccess.read,
      summary: 'Imports of the Brazil PEP list, newest first',
      querystring: Page,
      reply: z.object({ count: z.number().int(), data: z.array(PepImportView) }),
    },
    (req) => listImports(deps, req.query.limit, req.query.skip),
  );

  r.get(
    '/people/imports/:id',
    { access: peopleAccess.read, summary: 'One import with its counts', params: IdParams, reply: PepImportView },
    (req) => getImport(deps, req.params.id),
  );

  r.get(
    '/people/imports/:id/lines',
    {
      access: peopleAccess.read,
      summary: "An import's report, line by line (status: one outcome only)",
      params: IdParams,
      querystring: Page.extend({ status: z.enum(PEP_IMPORT_LINE_STATUSES).optional() }),
      reply: z.object({ count: z.number().int(), data: z.array(PepImportLineView) }),
    },
    (req) => importLines(deps, req.locale, req.params.id, req.query.status, req.query.limit, req.query.skip),
  );
});
