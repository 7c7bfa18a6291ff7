import { randomUUID } from 'node:crypto';
import {
  type BrazilPepColumn,
  type BrazilPepEnd,
  type BrazilPepRow,
  brazilPepEnd,
  formatMaskedCpf,
  isBrazilPepDay,
  maskedCpfDigits,
  maskedCpfKey,
  nextTurn,
  normalizeName,
  readBrazilPepRows,
} from '@regcheck/screening';
import {
  type Locale,
  PEP_YEARS_AFTER_OFFICE,
  type PepImportLineView,
  type PepImportView,
  translate,
} from '@regcheck/shared';
import { validateDocument } from '@regcheck/shared/documents/country-documents';
import type { Insertable, Selectable } from 'kysely';
import type { ImportLineNote, PeopleImportLinesTable, PeopleImportsTable } from '../../db/tables/people.tables';
import { withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { cleanFileName, fileKey } from '../../lib/files';
import type { FileUpload } from '../../lib/multipart';
import type { AppDeps, Caller } from '../../plugins/context';
import { systemCaller } from '../../plugins/context';
import { actAsPlatformUser } from '../auth';
import { maskedCpfHolders } from '../fichas';
import { MASKED_CPF, registerChanged, syncRegister, today } from './people.register.service';
import * as repo from './people.repo';
import { audited, cascadeExpiration, dniKey, insertPerson } from './people.service';

/*
 * Import of the Brazil PEP list of the Portal da Transparência (CSV, ';', ISO-8859-1, masked CPF) into the register,
 * from the PEP screen (issue 13): the file is stored and read by a job; each line gets its outcome in the report
 * (created, updated, unchanged, merged into the person of an earlier line, or an error in words) and its remarks.
 * A person is the masked CPF and the name; the register keeps the function in office (or the one that ended last)
 * of each, its description, acronym and level as the position, and the end of the PEP status from the file: the end
 * of the grace period (Data_Fim_Carência), else five years after the end of office, else none (issue 24, point 2;
 * decisions 130 to 133). The file's columns are found by their names with or without accents (the reader).
 */

export const IMPORT_JOB = 'people.import';
/** The Portal's whole file is about 20 MB; a copy saved by a spreadsheet may be larger. */
export const MAX_IMPORT_BYTES = 60 * 1024 * 1024;
/** People per transaction, and a turn of the event loop every YIELD_EVERY of them (the embedded database answers
 * in the same thread: without a turn, requests would wait for the whole import). */
const BATCH = 100;
const YIELD_EVERY = 10;

type ImportRow = Selectable<PeopleImportsTable> & { createdByName?: string | null };
type LineRow = Insertable<PeopleImportLinesTable>;

const fileKeyOf = (id: string) => fileKey('people-imports', `${id}.csv`) as string;
const fold = (s: string) =>
  normalizeName(s)
    .tokens.map((t) => t.text)
    .join(' ');

export function importView(r: ImportRow): PepImportView {
  return {
    id: r.id,
    fileName: r.fileName,
    status: r.status,
    lines: r.lines,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    merged: r.merged,
    errors: r.errors,
    error: r.error,
    createdBy: r.createdByName ?? null,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
  };
}

/**
 * POST /people/import: checks that the file is the Portal's list (its header), stores it and queues its import;
 * a file that is not the list is a 400 and leaves nothing behind.
 */
export async function startImport(deps: AppDeps, caller: Caller, file: FileUpload) {
  // the header line whole (a cut inside an accented letter would make UTF-8 read as ISO-8859-1)
  const eol = file.bytes.subarray(0, 65536).indexOf(10);
  const head = readBrazilPepRows(file.bytes.subarray(0, eol < 0 ? 65536 : eol + 1));
  if (!head.header)
    throw new AppError('PEP_IMPORT_HEADER', { field: 'file', messageKey: 'platform:errors.PEP_IMPORT_HEADER' });
  if (head.missing.length)
    throw new AppError('PEP_IMPORT_COLUMNS_MISSING', {
      field: 'file',
      params: { columns: head.missing.join(', ') },
      messageKey: 'platform:errors.PEP_IMPORT_COLUMNS_MISSING',
    });
  const id = randomUUID();
  const key = fileKeyOf(id);
  await deps.files.put(key, file.bytes);
  try {
    return await withSystem(deps.db, async (trx) => {
      const row = await repo.insertImport(trx, {
        id,
        fileName: cleanFileName(file.filename, 'pep.csv'),
        fileKey: key,
        createdBy: caller.auth.userId,
      });
      await deps.queue.enqueue(trx, IMPORT_JOB, { importId: id }, { singletonKey: `${IMPORT_JOB}:${id}` });
      await audit(trx, caller, {
        action: 'person.import.started',
        entity: 'people_import',
        id,
        after: { fileName: row.fileName, size: file.bytes.length },
      });
      return importView({ ...row, createdByName: caller.auth.user.name });
    });
  } catch (err) {
    await deps.files.remove(key);
    throw err;
  }
}

export async function listImports(deps: AppDeps, limit: number, skip: number) {
  return withSystem(deps.db, async (trx) => ({
    count: await repo.countImports(trx),
    data: (await repo.listImports(trx, limit, skip)).map(importView),
  }));
}

export async function getImport(deps: AppDeps, id: string) {
  return withSystem(deps.db, async (trx) => {
    const r = await repo.findImport(trx, id);
    if (!r) throw new AppError('PEP_IMPORT_NOT_FOUND', { messageKey: 'platform:errors.PEP_IMPORT_NOT_FOUND' });
    return importView({ ...r, createdByName: (await repo.userName(trx, r.createdBy))?.name ?? null });
  });
}

/** The report of an import, a page at a time, optionally one outcome only, the messages in the reader's language. */
export async function importLines(
  deps: AppDeps,
  locale: Locale,
  id: string,
  status: string | undefined,
  limit: number,
  skip: number,
) {
  await getImport(deps, id);
  const days = dayFormat(locale);
  return withSystem(deps.db, async (trx) => ({
    count: await repo.countImportLines(trx, id, status),
    data: (await repo.importLines(trx, id, status, limit, skip)).map(
      (l): PepImportLineView => ({
        line: l.line,
        status: l.status,
        name: l.name,
        dni: l.dni,
        personId: l.personId,
        code: l.code,
        message: l.code
          ? translate(locale, `platform:errors.${l.code}`, (l.params ?? {}) as Record<string, unknown>)
          : null,
        notes: notesOf(l.notes).map((n) => ({
          code: n.code,
          message: translate(locale, `platform:errors.${n.code}`, withDays(days, n.params)),
        })),
      }),
    ),
  }));
}

const notesOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as ImportLineNote[];

/** How the reader writes a date (31 de enero de 2021). */
const dayFormat = (locale: Locale) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A note's day values ('YYYY-MM-DD', keys named date) written with `fmt` (dayFormat). */
function withDays(fmt: Intl.DateTimeFormat, params: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      k === 'date' && typeof v === 'string' && isBrazilPepDay(v) ? fmt.format(new Date(`${v}T00:00:00Z`)) : v,
    ]),
  );
}

// ------------------------------------------------------------ the job

/** One person of the file: the lines that name them, the function the register keeps and the end of PEP status. */
interface FilePerson extends BrazilPepEnd {
  key: string;
  name: string;
  /** digits: the six a masked CPF shows (null for a whole CPF) */
  doc: { documentType: string; dni: string; key: string; digits: string | null };
  main: BrazilPepRow;
  others: BrazilPepRow[];
}

const lineError = (r: BrazilPepRow, code: string, params: Record<string, unknown> = {}): LineRow => ({
  importId: '',
  line: r.line,
  status: 'error',
  name: r.name || null,
  dni: r.cpf || null,
  personId: null,
  code,
  params: JSON.stringify(params),
  notes: '[]',
});

/** The document of a line: a masked CPF (kept as published) or a whole one with valid check digits. */
function documentOf(r: BrazilPepRow) {
  const digits = maskedCpfDigits(r.cpf);
  if (digits) {
    const dni = formatMaskedCpf(digits);
    return { documentType: MASKED_CPF, dni, key: `${MASKED_CPF}:${digits}:${fold(r.name)}`, digits };
  }
  const v = validateDocument({ country: 'BR', personType: 'natural', type: 'CPF', value: r.cpf });
  if (!v.valid) return null;
  return { documentType: 'CPF', dni: v.formatted || r.cpf, key: dniKey(v.normalized || r.cpf), digits: null };
}

/** What the Portal writes for a value it does not have. */
const NO_VALUE = /^sem informa/i;

/**
 * The position the register keeps for a function: its description, then its acronym and level as the Portal
 * writes them ("DIRETOR DE PROGRAMA (DAS 101.5)"); the level is left out when the acronym already holds it, and
 * 'Sem informação' is no value.
 */
export function positionOf(r: Pick<BrazilPepRow, 'descricao' | 'sigla' | 'nivel'>): string {
  const clean = (v: string) => (NO_VALUE.test(v.trim()) ? '' : v.trim());
  const [descricao, sigla, nivel] = [clean(r.descricao), clean(r.sigla), clean(r.nivel)];
  const code = [sigla, nivel && !sigla.includes(nivel) ? nivel : ''].filter(Boolean).join(' ');
  if (!descricao) return code;
  return code && code !== descricao ? `${descricao} (${code})` : descricao;
}

/** Reads the lines into people, and the lines that cannot be read into errors (the columns named as the file does). */
function peopleOf(rows: BrazilPepRow[], columns: Record<BrazilPepColumn, string>) {
  const errors: LineRow[] = [];
  const people = new Map<string, FilePerson>();
  for (const r of rows) {
    if (!r.name) {
      errors.push(lineError(r, 'PEP_IMPORT_NAME_MISSING'));
      continue;
    }
    const doc = documentOf(r);
    if (!doc) {
      errors.push(lineError(r, 'PEP_IMPORT_CPF_INVALID', { cpf: r.cpf }));
      continue;
    }
    const bad = [
      [columns.inicio, r.inicio],
      [columns.fim, r.fim],
      [columns.fimCarencia, r.fimCarencia],
    ].find(([, v]) => v && !isBrazilPepDay(v as string));
    if (bad) {
      // as the file wrote it (the reader turned 31/02/2020 into 2020-02-31)
      const value = String(bad[1]).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');
      errors.push(lineError(r, 'PEP_IMPORT_DATE_INVALID', { column: bad[0], value }));
      continue;
    }
    if (r.inicio && r.fim && r.fim < r.inicio) {
      errors.push(lineError(r, 'PEP_IMPORT_OFFICE_END_BEFORE_START'));
      continue;
    }
    if (r.fim && r.fimCarencia && r.fimCarencia < r.fim) {
      errors.push(lineError(r, 'PEP_IMPORT_GRACE_BEFORE_END', { column: columns.fimCarencia }));
      continue;
    }
    const p = people.get(doc.key);
    if (!p) people.set(doc.key, { key: doc.key, name: r.name, doc, main: r, others: [], end: null, endFrom: null });
    else if (outranks(r, p.main)) {
      p.others.push(p.main);
      p.main = r;
    } else p.others.push(r);
  }
  // the end of PEP status over all the person's functions (decision 131), with Brazil's years after office
  for (const p of people.values()) Object.assign(p, brazilPepEnd([p.main, ...p.others], PEP_YEARS_AFTER_OFFICE.BR));
  return { people: [...people.values()], errors };
}

/** The remarks of a person's line: the end of their PEP status when it says something the outcome does not. */
function endNotes(p: FilePerson, day: string): ImportLineNote[] {
  if (!p.end) return [{ code: 'PEP_IMPORT_NO_END', params: {} }];
  if (p.end < day) return [{ code: 'PEP_IMPORT_FORMER', params: { date: p.end } }];
  if (p.endFrom === 'office') return [{ code: 'PEP_IMPORT_END_COMPUTED', params: { date: p.end } }];
  return [];
}

/**
 * The remarks on the customer files of the people of a masked CPF who are PEP today, by company (decision 132): one
 * ficha with the digits and the name is marked by the monitoring; two or more cannot be told apart, none is.
 */
async function fichaNotes(ex: Parameters<typeof maskedCpfHolders>[0], people: FilePerson[], day: string) {
  const masked = people.flatMap((p) =>
    p.doc.digits && (!p.end || p.end >= day) ? [{ digits: p.doc.digits, name: p.name }] : [],
  );
  const holders = await maskedCpfHolders(ex, masked);
  return (p: FilePerson): ImportLineNote[] =>
    !p.doc.digits || (p.end && p.end < day)
      ? []
      : [...(holders.get(maskedCpfKey(p.doc.digits, p.name))?.values() ?? [])].map((c) =>
          c.fichas === 1
            ? { code: 'PEP_IMPORT_FICHA_MATCHED', params: { company: c.name } }
            : { code: 'PEP_IMPORT_FICHA_AMBIGUOUS', params: { company: c.name, count: c.fichas } },
        );
}

/** The function the register keeps: one in office (no end) over one that ended; else the later start or end. */
function outranks(a: BrazilPepRow, b: BrazilPepRow) {
  if (!a.fim !== !b.fim) return !a.fim;
  if (!a.fim) return (a.inicio || '') > (b.inicio || '');
  return a.fim > b.fim;
}

const textOrNull = (s: string) => s.trim() || null;

/** One batch of people in one transaction: created, updated or unchanged, with their lines and audit rows. */
async function importBatch(deps: AppDeps, caller: Caller, importId: string, batch: FilePerson[]) {
  return withSystem(deps.db, async (trx) => {
    const lines: LineRow[] = [];
    // the people created or changed: their register entries are written once for the batch
    const touched: string[] = [];
    const counts = { created: 0, updated: 0, unchanged: 0, merged: 0 };
    const day = today();
    const notesFor = await fichaNotes(trx, batch, day);
    for (const [n, p] of batch.entries()) {
      if (n % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
      const fields = {
        name: p.name,
        position: textOrNull(positionOf(p.main)),
        institution: textOrNull(p.main.orgao),
        officeStart: p.main.inicio || null,
        officeEnd: p.main.fim || null,
        pepExpiration: p.end,
      };
      const existing = await repo.findByDniKey(trx, p.doc.key, 'BR');
      let status: 'created' | 'updated' | 'unchanged';
      let personId: string;
      let code: string | null = null;
      if (!existing) {
        const { row } = await insertPerson(
          trx,
          caller,
          {
            country: 'BR',
            personType: 'natural',
            dni: p.doc.dni,
            pepLevel: 1,
            name: fields.name,
            position: fields.position ?? undefined,
            institution: fields.institution ?? undefined,
            officeStart: fields.officeStart ?? undefined,
            officeEnd: fields.officeEnd ?? undefined,
          },
          { doc: p.doc, cause: 'imported', sync: false, pepExpiration: p.end },
        );
        touched.push(row.id);
        personId = row.id;
        status = 'created';
      } else if (!existing.isActive || existing.pepLevel !== 1) {
        // a person the super administrator deactivated, or registered as related, is left as they are
        personId = existing.id;
        status = 'unchanged';
        code = existing.isActive ? 'PEP_IMPORT_KEPT_RELATED' : 'PEP_IMPORT_KEPT_DEACTIVATED';
      } else if (
        (Object.keys(fields) as (keyof typeof fields)[]).every((k) => (existing[k] ?? null) === (fields[k] ?? null))
      ) {
        personId = existing.id;
        status = 'unchanged';
      } else {
        const after = await repo.update(trx, existing.id, fields);
        await audit(trx, caller, {
          action: 'person.updated',
          entity: 'person',
          id: existing.id,
          before: audited(existing),
          after: { ...audited(after), importId },
        });
        // the relatives and associates follow the primary's new end, as when it is edited by hand
        if (after.pepExpiration !== existing.pepExpiration) await cascadeExpiration(trx, caller, after);
        personId = existing.id;
        status = 'updated';
        touched.push(existing.id, ...(await repo.relatedOf(trx, existing.id)).map((r) => r.id));
      }
      counts[status]++;
      lines.push({
        importId,
        line: p.main.line,
        status,
        name: p.name,
        dni: p.doc.dni,
        personId,
        code,
        params: null,
        // a person the import leaves as they are keeps their own end: the file's says nothing of them
        notes: JSON.stringify(code ? [] : [...endNotes(p, day), ...notesFor(p)]),
      });
      for (const o of p.others) {
        counts.merged++;
        lines.push({
          importId,
          line: o.line,
          status: 'merged',
          name: p.name,
          dni: p.doc.dni,
          personId,
          code: 'PEP_IMPORT_MERGED',
          params: JSON.stringify({ line: p.main.line, position: positionOf(p.main) || '-' }),
          notes: '[]',
        });
      }
    }
    const change = await syncRegister(trx, caller, touched, 'imported');
    await repo.insertImportLines(trx, lines);
    return { counts, change };
  });
}

/**
 * The job: reads the stored file, writes the lines that cannot be read, then the people a batch at a time (each
 * batch one transaction with its report lines and audit rows), and ends done with the counts. A run cut short is
 * started over: its report is cleared and the people already written are found again as unchanged.
 */
export async function runImport(deps: AppDeps, importId: string) {
  const imp = await withSystem(deps.db, (trx) => repo.findImport(trx, importId));
  if (!imp || imp.status === 'done' || imp.status === 'failed') return;
  const set = (p: Parameters<typeof repo.updateImport>[2]) =>
    withSystem(deps.db, (trx) => repo.updateImport(trx, importId, p));
  const fail = (error: string) => set({ status: 'failed', error, finishedAt: new Date() });
  const auth = imp.createdBy ? await actAsPlatformUser(deps, imp.createdBy) : undefined;
  if (!auth) return fail('the user who uploaded the file can no longer act');
  const caller: Caller = { ...systemCaller(auth, deps.log), requestId: `people-import:${importId}` };
  const bytes = await deps.files.get(imp.fileKey);
  if (!bytes) return fail('the uploaded file is missing');
  await withSystem(deps.db, (trx) => repo.deleteImportLines(trx, importId));
  await set({ status: 'running', created: 0, updated: 0, unchanged: 0, merged: 0, errors: 0, error: null });
  const read = readBrazilPepRows(bytes);
  if (!read.header) return fail('the file is not the Portal da Transparência PEP list');
  if (read.missing.length) return fail(`the file lacks the columns ${read.missing.join(', ')}`);
  const { people, errors } = peopleOf(read.rows, read.columns);
  const totals = { created: 0, updated: 0, unchanged: 0, merged: 0 };
  await nextTurn();
  for (let i = 0; i < errors.length; i += 1000)
    await withSystem(deps.db, (trx) =>
      repo.insertImportLines(
        trx,
        errors.slice(i, i + 1000).map((e) => ({ ...e, importId })),
      ),
    );
  await set({ lines: read.rows.length, errors: errors.length });
  for (let i = 0; i < people.length; i += BATCH) {
    const { counts, change } = await importBatch(deps, caller, importId, people.slice(i, i + BATCH));
    await registerChanged([change]);
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += counts[k];
    await set(totals);
    await nextTurn();
  }
  await withSystem(deps.db, async (trx) => {
    await repo.updateImport(trx, importId, { ...totals, status: 'done', finishedAt: new Date() });
    await audit(trx, caller, {
      action: 'person.import.finished',
      entity: 'people_import',
      id: importId,
      after: { ...totals, lines: read.rows.length, errors: errors.length },
    });
  });
}

/** The job failed for good: the import ends failed with the reason. */
export async function failImport(deps: AppDeps, importId: string, error: string) {
  await withSystem(deps.db, (trx) =>
    repo.updateImport(trx, importId, { status: 'failed', error, finishedAt: new Date() }),
  );
}
