import { randomInt } from 'node:crypto';
import { channelCountry } from '@regcheck/shared/schemas/allegation-categories';
import {
  type AllegationFileBody,
  categoryAllowedIn,
  defaultCategoriesFor,
  isLeyKarin,
  type PublicChatBody,
  type PublicChatDetailBody,
  type PublicDetailBody,
  type PublicFileBody,
} from '@regcheck/shared/schemas/allegations';
import type { z } from 'zod';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/crypto';
import { readRecordFile } from '../../lib/stored-documents';
import type { AppDeps } from '../../plugins/context';
import { findCompany } from '../companies';
import { deliverWebhookEvent } from '../webhooks';
import { attachmentKey, type CheckedFile, storingFiles } from './allegations.attachments';
import { chileDate, DEFAULT_DEADLINES, deadlinesFor, MISSING_HOLIDAYS_LOG } from './allegations.deadlines';
import { allegationError } from './allegations.errors';
import { PinGuard } from './allegations.pin-guard';
import * as repo from './allegations.repo';
import { fileView } from './allegations.view';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A report id the reporter can write down: 10 characters of an unambiguous alphabet (50 bits). */
function newCode() {
  let s = '';
  for (let i = 0; i < 10; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/** A pin of 8 digits, shown once. */
function newPin() {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/**
 * Who a public call comes from: in the audit log the company, no user and no address (issue 10, point 1); for the
 * wrong-pin counters an opaque key of the address (`clientKeyOf`), never the address itself (issue 22, point 5).
 */
export interface Visitor {
  requestId: string | null;
  clientKey: string;
  /** Rejects unless the call carries a solved challenge of the base difficulty plus `extraBits` (and spends it). */
  challenge: (extraBits: number) => Promise<void>;
}
const actor = (companyId: string, v: Pick<Visitor, 'requestId'>) => ({
  companyId,
  userId: null,
  ip: null,
  requestId: v.requestId,
});

/**
 * The company's settings, or its country's defaults before its administrator changed them. The categories are only
 * those of the company's country and its own (decision 136): a stored category of another country's rules is never
 * offered (migration 0600 moved Brazil's Ley Karin ones to `harassmentBr`).
 */
export async function settingsOf(
  deps: AppDeps,
  companyId: string,
  /** the company when the caller already read it (its country is all that is used) */
  known?: { country: string | null } | null,
) {
  const [s, company] = await Promise.all([
    withTenant(deps.db, companyId, (trx) => repo.findSettings(trx, companyId)),
    known === undefined ? findCompany(deps.db, companyId) : known,
  ]);
  const country = channelCountry(company?.country);
  const stored = (s?.categories as string[] | undefined)?.filter((c) => categoryAllowedIn(country, c));
  return {
    country,
    categories: stored && stored.length > 0 ? stored : defaultCategoriesFor(country),
    acknowledgeDays: s?.acknowledgeDays ?? DEFAULT_DEADLINES.acknowledgeDays,
    feedbackMonths: s?.feedbackMonths ?? DEFAULT_DEADLINES.feedbackMonths,
    karinBusinessDays: s?.karinBusinessDays ?? DEFAULT_DEADLINES.karinBusinessDays,
    remindDaysBefore: s?.remindDaysBefore ?? 2,
  };
}

/** The company of an active channel; an unknown company and an inactive channel answer the same 404. */
async function activeChannel(deps: AppDeps, companyId: string) {
  const company = await findCompany(deps.db, companyId);
  if (company?.allegationsChannelStatus !== 'active' || company.status !== 'active')
    throw allegationError('ALLEGATION_CHANNEL_UNAVAILABLE');
  return company;
}

/** GET /denuncia-public/channel/{companyId}: what the filing page needs (name and categories), nothing else. */
export async function channel(deps: AppDeps, companyId: string) {
  const company = await activeChannel(deps, companyId);
  const s = await settingsOf(deps, companyId, company);
  return { companyId, companyName: company.name, categories: s.categories, country: s.country };
}

/**
 * A category the company's channel offers: one of another country's rules (Ley Karin in Brazil) is refused as such,
 * any other outside the company's list as unknown; both 400 naming `category`.
 */
export function checkCategory(settings: { country: string; categories: string[] }, category: string) {
  if (!categoryAllowedIn(settings.country, category))
    throw allegationError('ALLEGATION_CATEGORY_OTHER_COUNTRY', { field: 'category' });
  if (!settings.categories.includes(category))
    throw allegationError('ALLEGATION_CATEGORY_UNKNOWN', { field: 'category' });
}

const emptyToNull = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/**
 * POST /denuncia-public: files a report. The report, its files and its first message are written in one
 * transaction (the files are stored first and removed again if it fails); the pin is kept only as an argon2id hash
 * and never logged; no address or user agent is stored.
 */
export async function fileReport(
  deps: AppDeps,
  visitor: Pick<Visitor, 'requestId'>,
  body: AllegationFileBody,
  files: CheckedFile[],
) {
  const companyId = body.companyId;
  const company = await activeChannel(deps, companyId);
  const settings = await settingsOf(deps, companyId, company);
  checkCategory(settings, body.category);
  const name = emptyToNull(body.reporterName);
  const email = emptyToNull(body.reporterEmail);
  const phone = emptyToNull(body.reporterPhone);
  if (!body.anonymous && (!name || (!email && !phone)))
    throw allegationError('ALLEGATION_REPORTER_CONTACT', { field: name ? 'reporterEmail' : 'reporterName' });
  const pin = newPin();
  const pinHash = await hashPassword(pin);
  // Ley Karin is Chile's: a Brazilian harassment report gets no 30-business-day deadline (decision 137)
  const leyKarin = isLeyKarin(settings.country, body.category);
  const due = deadlinesFor(chileDate(new Date()), leyKarin, settings, (year) =>
    deps.log.error({ year, companyId }, MISSING_HOLIDAYS_LOG),
  );
  return storingFiles(deps.files, companyId, files, (stored) =>
    withTenant(deps.db, companyId, async (trx) => {
      let code = newCode();
      while (await repo.codeExists(trx, code)) code = newCode();
      const row = await repo.insertAllegation(trx, companyId, {
        code,
        pinHash,
        category: body.category,
        description: body.description,
        occurredWhen: emptyToNull(body.occurredWhen),
        occurredWhere: emptyToNull(body.occurredWhere),
        involved: emptyToNull(body.involved),
        anonymous: body.anonymous,
        reporterName: body.anonymous ? null : name,
        reporterEmail: body.anonymous ? null : email,
        reporterPhone: body.anonymous ? null : phone,
        relationship: body.relationship,
        leyKarin,
        assignedTo: null,
        ...due,
      });
      await repo.insertMessage(
        trx,
        companyId,
        { allegationId: row.id, author: 'reporter', userId: null, body: body.description },
        stored,
      );
      await repo.insertStatusChange(trx, companyId, {
        allegationId: row.id,
        fromStatus: null,
        toStatus: 'received',
        reason: 'filed',
        userId: null,
      });
      // what was filed, never its content
      await audit(trx, actor(companyId, visitor), {
        action: 'allegation.filed',
        entity: 'allegation',
        id: row.id,
        after: { category: row.category, anonymous: row.anonymous, leyKarin, files: stored.length },
      });
      // that a report arrived, and when it is due: never its content or who filed it
      await deliverWebhookEvent(deps.queue, trx, companyId, 'allegation.received', {
        allegationId: row.id,
        code,
        category: row.category,
        leyKarin,
        receivedAt: row.createdAt.toISOString(),
        acknowledgeBy: due.acknowledgeDue,
      });
      return { id_denuncia: code, pin };
    }),
  );
}

/**
 * The report a holder of id and pin may read. A wrong pin, an unknown id and an unknown company answer the same
 * 404 and count the same (pin-guard): PIN_MAX_FAILURES wrong pins from one address turn that address away from the
 * id (429, for a real and an unknown id alike); the right pin from any other address still opens the report, after
 * a harder proof of work once the id has PIN_SLOWDOWN_AFTER failures (`challengeBits`). The address lock is
 * checked first, then the challenge, then the pin.
 */
export async function unlock(deps: AppDeps, visitor: Visitor, companyId: string, typed: string, pin: string) {
  const code = typed.toUpperCase();
  const pinGuard = pinGuardOf(deps);
  if (await pinGuard.addressLocked(companyId, code, visitor.clientKey)) throw allegationError('ALLEGATION_LOCKED');
  await visitor.challenge(await pinGuard.extraBits(companyId, code));
  const company = await findCompany(deps.db, companyId);
  const row = company
    ? await withTenant(deps.db, companyId, (trx) => repo.findByCode(trx, companyId, code))
    : undefined;
  if (!row) {
    await verifyPassword(await dummyPasswordHash(), pin); // the same time as a wrong pin
    await pinGuard.failed(companyId, code, visitor.clientKey);
    throw allegationError('ALLEGATION_CREDENTIALS', { field: 'pin' });
  }
  if (await verifyPassword(row.pinHash, pin)) {
    await pinGuard.succeeded(companyId, code, visitor.clientKey);
    return row;
  }
  const locks = await pinGuard.failed(companyId, code, visitor.clientKey);
  await withTenant(deps.db, companyId, (trx) =>
    // that a wrong pin was tried on the report, never from where
    audit(trx, actor(companyId, visitor), {
      action: locks ? 'allegation.pin.locked' : 'allegation.pin.failed',
      entity: 'allegation',
      id: row.id,
    }),
  );
  throw allegationError('ALLEGATION_CREDENTIALS', { field: 'pin' });
}

/** The proof-of-work bits a call on this report id needs beyond the base (more after repeated wrong pins). */
export async function challengeBits(deps: AppDeps, companyId: string, code: string | undefined) {
  return code ? pinGuardOf(deps).extraBits(companyId, code) : 0;
}

/** The wrong-pin register over the installation's counters (shared by every node on PostgreSQL). */
function pinGuardOf(deps: AppDeps) {
  return new PinGuard(deps.counters, deps.jwtSecret);
}

type Row = Awaited<ReturnType<typeof unlock>>;

/** The messages the reporter may read (never the internal notes, which live in another table) with their files. */
async function reporterMessages(deps: AppDeps, companyId: string, allegationId: string) {
  return withTenant(deps.db, companyId, async (trx) => {
    const [messages, files] = await Promise.all([
      repo.listMessages(trx, companyId, allegationId),
      repo.listFiles(trx, companyId, allegationId, true),
    ]);
    return {
      messages: messages.map((m) => ({
        id: m.id,
        author: m.author,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
        files: files.filter((f) => f.messageId === m.id).map(fileView),
      })),
      files: files.filter((f) => f.uploadedBy === 'reporter').map(fileView),
    };
  });
}

async function publicView(deps: AppDeps, row: Row) {
  const { messages, files } = await reporterMessages(deps, row.companyId, row.id);
  return {
    id_denuncia: row.code,
    status: row.status,
    category: row.category,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    files,
    messages,
  };
}

/** POST /denuncia-public/detail: the report for the holder of its id and pin. */
export async function detail(deps: AppDeps, visitor: Visitor, body: z.infer<typeof PublicDetailBody>) {
  const row = await unlock(deps, visitor, body.companyId, body.id_denuncia, body.pin);
  await withTenant(deps.db, row.companyId, (trx) =>
    audit(trx, actor(row.companyId, visitor), { action: 'allegation.public.viewed', entity: 'allegation', id: row.id }),
  );
  return publicView(deps, row);
}

/** POST /chat-denuncias-public/detail: the conversation the reporter may read (audited as the channel, like a view). */
export async function chatDetail(deps: AppDeps, visitor: Visitor, body: z.infer<typeof PublicChatDetailBody>) {
  const row = await unlock(deps, visitor, body.companyId, body.denunciaId, body.pin);
  await withTenant(deps.db, row.companyId, (trx) =>
    audit(trx, actor(row.companyId, visitor), {
      action: 'allegation.public.chat.viewed',
      entity: 'allegation',
      id: row.id,
    }),
  );
  const { messages } = await reporterMessages(deps, row.companyId, row.id);
  return { messages };
}

/** POST /chat-denuncias-public: the reporter answers, with files; message and files in one transaction. */
export async function reply(
  deps: AppDeps,
  visitor: Visitor,
  body: z.infer<typeof PublicChatBody>,
  files: CheckedFile[],
) {
  const row = await unlock(deps, visitor, body.companyId, body.denunciaId, body.pin);
  const companyId = row.companyId;
  await storingFiles(deps.files, companyId, files, (stored) =>
    withTenant(deps.db, companyId, async (trx) => {
      const m = await repo.insertMessage(
        trx,
        companyId,
        { allegationId: row.id, author: 'reporter', userId: null, body: body.message },
        stored,
      );
      await audit(trx, actor(companyId, visitor), {
        action: 'allegation.public.replied',
        entity: 'allegation',
        id: row.id,
        after: { messageId: m.id, files: stored.length },
      });
    }),
  );
  const { messages } = await reporterMessages(deps, companyId, row.id);
  return { messages };
}

/** POST /denuncia-public/files/{fileId}: one attachment of the report, for the holder of its id and pin. */
export async function downloadFile(
  deps: AppDeps,
  visitor: Visitor,
  body: z.infer<typeof PublicFileBody>,
  fileId: string,
) {
  const row = await unlock(deps, visitor, body.companyId, body.id_denuncia, body.pin);
  const f = await withTenant(deps.db, row.companyId, async (trx) => {
    const file = await repo.findFile(trx, row.companyId, row.id, fileId, true);
    // which file the holder of id and pin read, never who they are
    if (file)
      await audit(trx, actor(row.companyId, visitor), {
        action: 'allegation.public.file.downloaded',
        entity: 'allegation',
        id: row.id,
        after: { fileId: file.id },
      });
    return file;
  });
  if (!f) throw allegationError('FILE_NOT_FOUND');
  const bytes = await readRecordFile(deps, attachmentKey(row.companyId, f.storedName));
  if (!bytes) throw allegationError('FILE_NOT_FOUND');
  return { bytes, name: f.name, mime: f.mime };
}
