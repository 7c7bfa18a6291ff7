import { FichaView, FileUploadResult } from '@regcheck/shared';
import { z } from 'zod';
import { documentMime } from '../../lib/company-rules';
import { sendDownload } from '../../lib/download';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { fichaError, fichasAccess, toFichaView } from '../fichas';
import * as service from './ficha-files.service';

const tags = ['fichas'];

/** The PDFs of a ficha: whoever writes fichas uploads and deletes them, whoever reads fichas downloads them. */
export const fichaFilesRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/files/ficha/:origin/:id',
    {
      access: fichasAccess.write,
      summary:
        'Upload a PDF to a ficha (multipart field "file"; PDF by content, at most 25 MB, not encrypted); answers its url',
      params: z.object({ origin: z.string().min(1).max(60), id: z.string().uuid() }),
      reply: FileUploadResult,
    },
    async (req) => {
      const caller = tenantCallerOf(req);
      const file = await readFilePart(req);
      if (typeof file === 'string') throw fichaError(file, { field: 'file' });
      return service.uploadFichaFile(deps, caller, req.params.id, req.params.origin, file.filename, file.bytes);
    },
  );

  r.get(
    '/files/ficha/:id/:fileId',
    {
      access: fichasAccess.read,
      summary: 'Download a ficha file (own company only)',
      params: z.object({ id: z.string().uuid(), fileId: z.string().uuid() }),
    },
    async (req, reply) => {
      const file = await service.readFichaFile(deps, tenantCallerOf(req), req.params.id, req.params.fileId);
      return sendDownload(reply, { type: documentMime(file.bytes), name: file.name, body: file.bytes });
    },
  );

  r.put(
    '/fichas-clientes/:id/deleteFile/:index',
    {
      access: fichasAccess.write,
      summary: 'Mark the file at this index of the ficha deleted',
      params: z.object({ id: z.string().uuid(), index: z.coerce.number().int().min(0).max(10_000) }),
      reply: FichaView,
    },
    async (req) =>
      toFichaView(await service.deleteFichaFile(deps, tenantCallerOf(req), req.params.id, req.params.index)),
  );
});
