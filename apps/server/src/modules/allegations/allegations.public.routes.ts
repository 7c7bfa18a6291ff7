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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { CaptchaService } from '../auth/captcha.service';
import { readMultipart } from './allegations.attachments';
import { allegationsAccess } from './allegations.policy';
import * as pub from './allegations.public';

const tags = ['denuncias'];

/** A public call is audited as the company's channel with the request id only: no address, no user agent. */
const visitorOf = (req: FastifyRequest) => ({ requestId: req.id });

export function sendFile(reply: FastifyReply, f: { bytes: Buffer; name: string; mime: string }) {
  return reply
    .type(f.mime)
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`)
    .send(f.bytes);
}

/**
 * The public calls of the whistleblowing channel (spec 001 §7): filing and following a report with its id and pin.
 * Each is rate-limited per client address (the address is used for the limit only, never stored); filing and every
 * call that takes a pin (detail, conversation, reply, file) need a fresh solved proof-of-work challenge (GET
 * /captcha/challenge, the one of recovery), so guessing pins costs work on top of the per-report lock-out.
 */
export const allegationsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const captcha = new CaptchaService(deps.jwtSecret, deps.config.captchaDifficulty);
  const limited = { max: deps.config.rateLimitMax, timeWindow: '1 minute' };
  const requireChallenge = (token: string | undefined) => {
    if (!captcha.verify(token, true)) throw new AppError('CAPTCHA_INVALID', { field: 'captcha' });
  };

  app.get(
    '/denuncia-public/channel/:companyId',
    {
      config: { access: allegationsAccess.public, rateLimit: limited },
      schema: {
        tags,
        summary: "The filing page's data: the company's name and categories; 404 when its channel is not available",
        params: z.object({ companyId: z.string().uuid() }),
        response: { 200: PublicChannelView },
      },
    },
    async (req) => pub.channel(deps, req.params.companyId),
  );

  app.post(
    '/denuncia-public',
    {
      config: { access: allegationsAccess.public, rateLimit: limited },
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
      requireChallenge(data.captcha);
      return pub.fileReport(deps, visitorOf(req), data, files);
    },
  );

  app.post(
    '/denuncia-public/detail',
    {
      config: { access: allegationsAccess.public, rateLimit: limited },
      schema: {
        tags,
        summary: 'The report for the holder of its id and pin (a wrong pin reveals nothing and counts toward a lock)',
        body: PublicDetailBody,
        response: { 200: PublicAllegationView },
      },
    },
    async (req) => {
      requireChallenge(req.body.captcha);
      return pub.detail(deps, visitorOf(req), req.body);
    },
  );

  app.post(
    '/chat-denuncias-public/detail',
    {
      config: { access: allegationsAccess.public, rateLimit: limited },
      schema: {
        tags,
        summary: 'The messages the reporter may read (never the internal notes)',
        body: PublicChatDetailBody,
        response: { 200: PublicMessagesView },
      },
    },
    async (req) => {
      requireChallenge(req.body.captcha);
      return pub.chatDetail(deps, visitorOf(req), req.body);
    },
  );

  app.post(
    '/chat-denuncias-public',
    {
      config: { access: allegationsAccess.public, rateLimit: limited },
      schema: {
        tags,
        summary: "The reporter's answer (multipart: `data` = {companyId, denunciaId, pin, message, captcha}, `files`)",
        consumes: ['multipart/form-data'],
        response: { 200: PublicMessagesView },
      },
    },
    async (req) => {
      const { data, files } = await readMultipart(req, PublicChatBody);
      requireChallenge(data.captcha);
      return pub.reply(deps, visitorOf(req), data, files);
    },
  );

  app.post(
    '/denuncia-public/files/:fileId',
    {
      config: { access: allegationsAccess.public, rateLimit: limited },
      schema: {
        tags,
        summary: 'One attachment of the report, for the holder of its id and pin',
        params: z.object({ fileId: z.string().uuid() }),
        body: PublicFileBody,
      },
    },
    async (req, reply) => {
      requireChallenge(req.body.captcha);
      return sendFile(reply, await pub.downloadFile(deps, visitorOf(req), req.body, req.params.fileId));
    },
  );
};
