import {
  AllegationFileBody,
  AllegationFiledView,
  PublicAllegationView,
  PublicChannelView,
  PublicChatBody,
  PublicChatDetailBody,
  PublicDetailBody,
  PublicFileBody,
  PublicMessagesView,
} from '@regcheck/shared/schemas/allegations';
import { CaptchaChallenge } from '@regcheck/shared/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { AppError } from '../../lib/errors';
import { CaptchaService } from '../auth';
import { readMultipart } from './allegations.attachments';
import { clientKeyOf } from './allegations.pin-guard';
import { allegationsAccess } from './allegations.policy';
import * as pub from './allegations.public';

const tags = ['denuncias'];

export function sendFile(reply: FastifyReply, f: { bytes: Buffer; name: string; mime: string }) {
  return sendDownload(reply, { type: f.mime, name: f.name, body: f.bytes });
}

/**
 * The public calls of the whistleblowing channel (spec 001 §7): filing and following a report with its id and pin.
 * Each is rate-limited per client address (counted under an HMAC of the address, forgotten when the minute ends,
 * never stored); filing and every call that takes a pin (detail, conversation, reply, file) need a fresh solved
 * proof-of-work challenge (GET /denuncia-public/challenge, harder for a report id with repeated wrong pins), so
 * guessing pins costs work on top of the per-address lock-out. Every route is `reporter: true`: no request line in
 * the server log, no request id on what is logged (plugins/reporter-logging.ts, issue 22).
 */
export const allegationsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const captcha = new CaptchaService(deps.jwtSecret, deps.config.captchaDifficulty, deps.counters);
  const limited = {
    max: deps.config.rateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => clientKeyOf(deps.jwtSecret, req.ip),
  };
  const requireChallenge = async (token: string | undefined, extraBits = 0) => {
    if (!(await captcha.verify(token, true, captcha.difficulty + extraBits)))
      throw new AppError('CAPTCHA_INVALID', { field: 'captcha' });
  };
  /** A public call is audited as the company's channel with the request id only: no address, no user agent. */
  const visitorOf = (req: FastifyRequest, token: string | undefined): pub.Visitor => ({
    requestId: req.id,
    clientKey: clientKeyOf(deps.jwtSecret, req.ip),
    challenge: (extraBits) => requireChallenge(token, extraBits),
  });
  const reporter = { access: allegationsAccess.public, rateLimit: limited, reporter: true };

  app.get(
    '/denuncia-public/channel/:companyId',
    {
      config: reporter,
      schema: {
        tags,
        summary: "The filing page's data: the company's name and categories; 404 when its channel is not available",
        params: z.object({ companyId: z.string().uuid() }),
        response: { 200: PublicChannelView },
      },
    },
    async (req) => pub.channel(deps, req.params.companyId),
  );

  app.get(
    '/denuncia-public/challenge',
    {
      config: reporter,
      schema: {
        tags,
        summary:
          'A proof-of-work challenge for the channel; with `companyId` and `id_denuncia`, as hard as the next call on that report id needs (harder after repeated wrong pins, the same for a real and an unknown id)',
        querystring: z.object({
          companyId: z.string().uuid().optional(),
          id_denuncia: z.string().trim().max(20).optional(),
        }),
        response: { 200: CaptchaChallenge },
      },
    },
    async (req) => {
      const { companyId, id_denuncia } = req.query;
      const extra = companyId ? await pub.challengeBits(deps, companyId, id_denuncia) : 0;
      return captcha.challenge(captcha.difficulty + extra);
    },
  );

  app.post(
    '/denuncia-public',
    {
      config: reporter,
      schema: {
        tags,
        summary:
          'File a report (multipart: `data` = the JSON report with a solved challenge, `files` = up to 5 PDF or image files of 25 MB); answers the id and the pin, once',
        consumes: ['multipart/form-data'],
        response: { 200: AllegationFiledView },
      },
    },
    async (req) => {
      const { data, files } = await readMultipart(req, AllegationFileBody);
      await requireChallenge(data.captcha);
      return pub.fileReport(deps, { requestId: req.id }, data, files);
    },
  );

  app.post(
    '/denuncia-public/detail',
    {
      config: reporter,
      schema: {
        tags,
        summary: 'The report for the holder of its id and pin (a wrong pin reveals nothing and counts toward a lock)',
        body: PublicDetailBody,
        response: { 200: PublicAllegationView },
      },
    },
    async (req) => pub.detail(deps, visitorOf(req, req.body.captcha), req.body),
  );

  app.post(
    '/chat-denuncias-public/detail',
    {
      config: reporter,
      schema: {
        tags,
        summary: 'The messages the reporter may read (never the internal notes)',
        body: PublicChatDetailBody,
        response: { 200: PublicMessagesView },
      },
    },
    async (req) => pub.chatDetail(deps, visitorOf(req, req.body.captcha), req.body),
  );

  app.post(
    '/chat-denuncias-public',
    {
      config: reporter,
      schema: {
        tags,
        summary: "The reporter's answer (multipart: `data` = {companyId, denunciaId, pin, message, captcha}, `files`)",
        consumes: ['multipart/form-data'],
        response: { 200: PublicMessagesView },
      },
    },
    async (req) => {
      const { data, files } = await readMultipart(req, PublicChatBody);
      return pub.reply(deps, visitorOf(req, data.captcha), data, files);
    },
  );

  app.post(
    '/denuncia-public/files/:fileId',
    {
      config: reporter,
      schema: {
        tags,
        summary: 'One attachment of the report, for the holder of its id and pin',
        params: z.object({ fileId: z.string().uuid() }),
        body: PublicFileBody,
      },
    },
    async (req, reply) =>
      sendFile(reply, await pub.downloadFile(deps, visitorOf(req, req.body.captcha), req.body, req.params.fileId)),
  );
};
