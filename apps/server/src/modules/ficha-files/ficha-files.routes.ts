import { FichaView, FileUploadResult } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/context';
import { fichaError } from '../fichas/fichas.errors';
import { READ, WRITE } from '../fichas/fichas.routes';
import { ctxOf, toFichaView } from '../fichas/fichas.service';
import * as service from './ficha-files.service';

const tags = ['fichas'];

export const fichaFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/files/ficha/:origin/:id',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary:
          'Upload a PDF to a ficha (multipart field "file"; PDF by content, at most 25 MB, not encrypted); answers its url',
        params: z.object({ origin: z.string().min(1).max(60), id: z.string().uuid() }),
        response: { 200: FileUploadResult },
      },
    },
    async (req) => {
      const ctx = ctxOf(caller(req), req);
      if (!req.isMultipart()) throw fichaError('FILE_REQUIRED', 'file');
      const part = await req.file();
      if (!part) throw fichaError('FILE_REQUIRED', 'file');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fichaError('FILE_TOO_LARGE', 'file');
        throw err;
      }
      if (part.file.truncated) throw fichaError('FILE_TOO_LARGE', 'file');
      return service.uploadFichaFile(deps, ctx, req.params.id, req.params.origin, part.filename, bytes);
    },
  );

  app.get(
    '/files/ficha/:id/:fileId',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Download a ficha file (own company only)',
        params: z.object({ id: z.string().uuid(), fileId: z.string().uuid() }),
      },
    },
    async (req, reply) => {
      const file = await service.readFichaFile(deps, ctxOf(caller(req), req), req.params.id, req.params.fileId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.-]+/g, '_')}"`)
        .send(file.bytes);
    },
  );

  app.put(
    '/fichas-clientes/:id/deleteFile/:index',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Mark the file at this index of the ficha deleted',
        params: z.object({ id: z.string().uuid(), index: z.coerce.number().int().min(0).max(10_000) }),
        response: { 200: FichaView },
      },
    },
    async (req) =>
      toFichaView(await service.deleteFichaFile(deps, ctxOf(caller(req), req), req.params.id, req.params.index)),
  );
};
