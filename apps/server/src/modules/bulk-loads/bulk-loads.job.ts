import { nextTurn } from '@regcheck/screening';
import { FichaCreateBody, type FichaListasT, OperationCreateBody } from '@regcheck/shared';
import type { Transaction } from 'kysely';
import {
  AnalyzeAsRowsGrow,
  type AnalyzedTable,
  analyzeTables,
  estimatedRows,
  tableOf,
} from '../../db/planner-statistics';
import type { Database } from '../../db/tables';
import { withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import { checkUpload } from '../../lib/uploads';
import { type AppDeps, inCompany, systemCaller, type TenantCaller } from '../../plugins/context';
import { actAs } from '../auth';
import * as fichas from '../fichas';
import { createOperation } from '../operations';
import {
  assertPersonTypeAllowed,
  checkParticipation,
  createInTransaction as createRelationship,
  createManyInTransaction as createRelationships,
} from '../relationships';
import { HeaderError, rowsOf } from './bulk-loads.reader';
import * as repo from './bulk-loads.repo';
import { documentOf, fichaInput, isoDay, type ParsedRow, type RowIssue } from './bulk-loads.rows';
import { UnreadableWorkbookError } from './bulk-loads.xlsx';

/*
 * The job that loads a file: a first pass reads it whole (header, row count, the documents of trashed fichas it
 * names), a second pass loads its rows in batches. The file is parsed in a worker thread (bulk-loads.reader.ts); on
 * the embedded database the batches are small and the event loop gets a turn between the steps of the load, so the
 * server keeps answering while a large file loads. A batch is validated and screened (one pass over the in-memory
 * index) before its transaction opens (on PostgreSQL while the previous batch's transaction runs); in the transaction its new fichas and their relationships go through the
 * fichas and relationships services' batch functions (the same validations as the API, multi-row statements, one
 * audit row per ficha and relationship), the updates, restores and representatives through the one-ficha services
 * inside a savepoint each (a failing row is undone and reported, the others load); every outcome is recorded under
 * (load, row number) and the load's cursor moves to the batch's last row. Should a batch statement be refused
 * unexpectedly, the batch is undone and loaded row by row. The list matches of the fichas a batch creates, restores
 * or updates alert in its transaction, through the fichas services (the bus's `ficha.screened`, decisions 119 and 281):
 * every match of a created or restored ficha, of an updated one only those it did not hold before the load. A
 * process killed mid-load resumes after the last committed batch: no row lost, none applied twice. Over 400 lines: the two passes, the fichas batch and the operation group share the cursor, the
 * counts and the row report, and read best in one place.
 */

export const BATCH_ROWS = 500;
export const MAX_ROWS = 200_000;
/**
 * The batch on the embedded database. PGlite answers on the server's own thread and a transaction holds it whole
 * (every other query waits for the commit), so there a batch is sized for its transaction to last about
 * EMBEDDED_BATCH_MS: the next batch grows or shrinks by how long the last one held the database (a busy machine
 * gets smaller batches), between EMBEDDED_MIN_ROWS and EMBEDDED_MAX_ROWS (a batch is also validated and screened in
 * one piece before its transaction). /api/health and the users' reads are served between two batches (issue 22:
 * under 250 ms p99 during a 50,000-row load).
 */
export const EMBEDDED_BATCH_MS = 80;
const EMBEDDED_FIRST_ROWS = 50;
const EMBEDDED_MIN_ROWS = 20;
const EMBEDDED_MAX_ROWS = 200;
/**
 * The tables each kind of load makes grow, the first the one whose rows it counts, with the columns the lookups filter
 * and join on: their planner statistics are refreshed as they grow (decisions 181 and 253).
 */
const FICHA_TABLES: [AnalyzedTable, ...AnalyzedTable[]] = [
  { table: 'fichas', columns: ['id', 'company_id', 'status', 'dni', 'person_type', 'created_at'] },
  { table: 'ficha_relationships', columns: ['company_id', 'ficha_id', 'related_ficha_id', 'status', 'relation_type'] },
];
const OPERATION_TABLES: [AnalyzedTable, ...AnalyzedTable[]] = [
  { table: 'operations', columns: ['id', 'company_id', 'record_status', 'transaction_date', 'created_at'] },
  { table: 'operation_associates', columns: ['company_id', 'operation_id', 'ficha_id', 'dni'] },
];
/** Rows of the first pass read between two turns of the event loop. */
const SCAN_TURN_ROWS = 250;
/** Documents of the first pass looked up per query (trashed and active fichas). */
const SCAN_CHUNK = 500;

/** How long a batch waits at most for the open requests to be answered (embedded database; decision 156). */
const STEP_ASIDE_MAX_MS = 250;
/**
 * Before the load's next use of the database: a turn of the event loop, and on the embedded database the open
 * requests answered first (each request then waits for one batch at most, not for one between two of its queries).
 */
async function stepAside(deps: AppDeps) {
  await nextTurn();
  if (deps.database.kind === 'pglite') await deps.activity.quiet(STEP_ASIDE_MAX_MS);
}

/** The next batch's size on the embedded database, from the last one's size and how long it held the database. */
function nextBatchRows(rows: number, heldMs: number) {
  const scaled = Math.round((rows * EMBEDDED_BATCH_MS) / Math.max(heldMs, 1));
  // at most twice as large at each step (one quick batch says little), and never below the minimum
  return Math.max(EMBEDDED_MIN_ROWS, Math.min(EMBEDDED_MAX_ROWS, rows * 2, scaled));
}

type Load = Awaited<ReturnType<typeof repo.findLoad>> & {};
type Counts = { created: number; updated: number; failed: number };

/** A similar record: a trashed ficha with the document of a row. */
export interface SimilarRecord {
  fichaId: string;
  dni: string;
  name: string;
  personType: 'natural' | 'legal';
  rowNumber: number;
}

const issueOf = (err: unknown, values: Record<string, unknown>): RowIssue => {
  if (err instanceof AppError) {
    const field = (err.field ?? '').replace(/^associates\.\d+\./, '');
    const column =
      {
        'dniType.country': 'documentCountry',
        'dniType.document': 'documentType',
        identificadorFicha: 'reference',
        divisa: 'currency',
        monto: 'amount',
        efective: 'cash',
        transactionDate: 'transactionDate',
      }[field] ?? field;
    const v = values[column];
    return {
      column,
      value: v === null || v === undefined ? '' : String(v),
      messageKey: err.messageKey ?? err.code,
      params: err.params,
    };
  }
  return { column: '', value: '', messageKey: 'bulk:errors.ROW_FAILED' };
};

async function setLoad(deps: AppDeps, load: Load, patch: Parameters<typeof repo.updateLoad>[3]) {
  return withTenant(deps.db, load.companyId, (trx) => repo.updateLoad(trx, load.companyId, load.id, patch));
}

async function invalid(deps: AppDeps, load: Load, messageKey: string, params: Record<string, unknown> = {}) {
  await setLoad(deps, load, {
    status: 'invalid',
    fileError: JSON.stringify({ messageKey, params }),
    finishedAt: new Date(),
  });
}

/** A row's document as the fichas service stores it; null when invalid (the second pass reports it then). */
function documentOrNull(r: ParsedRow, country: string) {
  try {
    const input = fichaInput(r.values, country);
    return fichas.resolveDocument(input, input.personType, country).dni;
  } catch {
    return null;
  }
}

/** First pass: counts the rows and finds the trashed fichas with a row's document (not for operations). */
async function scan(deps: AppDeps, caller: TenantCaller, load: Load, buf: Buffer) {
  let total = 0;
  const dnis = new Map<string, number>();
  for await (const r of rowsOf(load, buf)) {
    total++;
    if (total > MAX_ROWS) return { total, similar: [] };
    if (total % SCAN_TURN_ROWS === 0) await nextTurn();
    if (load.loadType === 'operation' || r.errors.length) continue;
    const dni = documentOrNull(r, load.country);
    if (dni && !dnis.has(dni)) dnis.set(dni, r.number);
  }
  const similar: SimilarRecord[] = [];
  const all = [...dnis.keys()];
  for (let i = 0; i < all.length && similar.length < 500; i += SCAN_CHUNK) {
    await stepAside(deps);
    const chunk = all.slice(i, i + SCAN_CHUNK);
    const where = { dni: { inq: chunk } };
    const trashed = await fichas.list(deps, caller, JSON.stringify({ where, limit: 1000 }), { trash: true });
    const active = await withTenant(deps.db, caller.companyId, (trx) =>
      fichas.readActiveFichasByDni(trx, caller.companyId, chunk),
    );
    await nextTurn();
    const activeDnis = new Set(active.map((a) => a.dni));
    for (const f of trashed)
      if (!activeDnis.has(f.dni) && !similar.some((s) => s.dni === f.dni))
        similar.push({
          fichaId: f.id,
          dni: f.dni,
          name: fichas.fullNameOf(f),
          personType: f.personType,
          rowNumber: dnis.get(f.dni) ?? 0,
        });
  }
  return { total, similar };
}

interface Prepared {
  row: ParsedRow;
  input?: ReturnType<typeof fichaInput>;
  dni?: string;
  existingId?: string;
  restoreId?: string;
  identity?: Parameters<typeof fichas.screenIdentities>[2][number];
  listas?: FichaListasT;
  /** a legal person's representative (001 §5: its run joins the check), screened in the batch's pass */
  rep?: { identity: Parameters<typeof fichas.screenIdentities>[2][number]; listas?: FichaListasT };
  fail?: RowIssue;
}

/** A legal person's representative as the screening sees it; undefined when its document does not validate. */
function representativeOf(row: ParsedRow, input: { personType: string }, country: string) {
  const v = row.values;
  if (input.personType !== 'legal' || typeof v.representativeDni !== 'string' || !v.representativeDni) return;
  try {
    const rep = documentOf(v, 'representative', country);
    const { dni } = fichas.resolveDocument({ dni: rep.dni, dniType: rep.dniType }, 'natural', country);
    const name = typeof v.representativeName === 'string' ? v.representativeName : null;
    return { identity: { dni, personType: 'natural' as const, name, nationality: country } };
  } catch {
    return undefined;
  }
}

/**
 * Validation and screening (one pass) of a batch before its transaction opens (screening never runs inside one). What
 * it reads of the database (the company's threshold and own lists) no earlier batch changes, so on PostgreSQL it runs
 * while the previous batch's transaction does (decision 254).
 */
async function screenFichas(deps: AppDeps, caller: TenantCaller, load: Load, rows: ParsedRow[]) {
  const restore = new Map(
    ((load.similarRecords as SimilarRecord[] | null) ?? [])
      .filter((s) => ((load.restoreIds as string[] | null) ?? []).includes(s.fichaId))
      .map((s) => [s.dni, s.fichaId]),
  );
  const out: Prepared[] = [];
  for (const row of rows) {
    if (row.errors.length) {
      out.push({ row });
      continue;
    }
    try {
      const parsed = FichaCreateBody.safeParse(fichaInput(row.values, load.country));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const column = String(issue?.path[0] ?? '');
        throw new AppError('VALIDATION_ERROR', { field: column, messageKey: 'bulk:errors.ROW_INVALID' });
      }
      const input = parsed.data;
      const { dni } = fichas.resolveDocument(input, input.personType, load.country);
      // screened with the identity the service stores: the document resolved, the date as an ISO date
      const birthDate = fichas.resolveDate(input.birthDate, 'birthDate');
      out.push({
        row,
        input,
        dni,
        identity: { ...input, dni, birthDate },
        restoreId: restore.get(dni),
        rep: representativeOf(row, input, load.country),
      });
    } catch (err) {
      out.push({ row, fail: issueOf(err, row.values) });
    }
  }
  // the batch's identities, its representatives' too, in one pass over the in-memory screening index
  const screened = out.filter((p) => p.identity);
  const reps = out.filter((p) => p.rep);
  const listas = await fichas.screenIdentities(deps, caller.companyId, [
    ...screened.map((p) => p.identity as NonNullable<Prepared['identity']>),
    ...reps.map((p) => (p.rep as NonNullable<Prepared['rep']>).identity),
  ]);
  for (const [i, p] of screened.entries()) p.listas = listas[i];
  for (const [i, p] of reps.entries()) (p.rep as NonNullable<Prepared['rep']>).listas = listas[screened.length + i];
  return out;
}

/** The active fichas a batch's rows update: read once the batches before it are committed (they may have made them). */
async function withExisting(deps: AppDeps, caller: TenantCaller, out: Prepared[]) {
  const dnis = out.flatMap((p) => (p.dni ? [p.dni] : []));
  const active = dnis.length
    ? await withTenant(deps.db, caller.companyId, (trx) => fichas.readActiveFichasByDni(trx, caller.companyId, dnis))
    : [];
  for (const p of out) {
    const existing = active.find((a) => a.dni === p.dni && a.personType === p.input?.personType);
    p.existingId = existing?.id;
  }
  return out;
}

/**
 * The parents the batch's rows name (parentDni), read once per batch. A parent whose document a ficha made active
 * earlier in the batch has (created, restored, a representative made on the fly) is read again, as it stands then.
 */
async function parentsOf(trx: Transaction<Database>, companyId: string, prepared: Prepared[]) {
  const named = prepared.flatMap((p) => {
    const d = p.row.values.parentDni;
    return typeof d === 'string' && d ? fichas.dniCandidates(d) : [];
  });
  const before = named.length ? await fichas.readActiveFichasByDni(trx, companyId, [...new Set(named)]) : [];
  const madeActive = new Set<string>();
  return {
    madeActive,
    async find(parentDni: string) {
      const c = fichas.dniCandidates(parentDni);
      if (c.some((d) => madeActive.has(d))) return (await fichas.readActiveFichasByDni(trx, companyId, c))[0];
      return before.find((f) => c.includes(f.dni));
    },
  };
}
type Parents = Awaited<ReturnType<typeof parentsOf>>;

/** One row's change inside the batch's transaction. */
async function applyFicha(
  deps: AppDeps,
  caller: TenantCaller,
  load: Load,
  p: Prepared,
  trx: Transaction<Database>,
  parents: Parents,
) {
  const input = p.input as NonNullable<Prepared['input']>;
  let fichaId: string;
  let outcome: 'created' | 'updated' | 'restored';
  const { personType: _p, ...fields } = input;
  if (p.existingId || p.restoreId) {
    const id = (p.existingId ?? p.restoreId) as string;
    if (!p.existingId) {
      parents.madeActive.add(p.dni as string);
      await fichas.restore(deps, caller, [id], trx);
    }
    // an updated ficha announces only the matches it did not hold before the load, a restored one all it holds
    await fichas.patch(deps, caller, id, fields, {
      screen: false,
      trx,
      screened: p.listas,
      announce: p.existingId ? 'new' : 'held',
    });
    fichaId = id;
    outcome = p.existingId ? 'updated' : 'restored';
  } else {
    parents.madeActive.add(p.dni as string);
    fichaId = (await fichas.create(deps, caller, input, trx, p.listas)).id;
    outcome = 'created';
  }
  const v = p.row.values;
  if (typeof v.parentDni === 'string' && v.parentDni) {
    const parent = await parents.find(v.parentDni);
    if (!parent)
      throw new AppError('BULK_PARENT_NOT_FOUND', {
        field: 'parentDni',
        messageKey: 'bulk:errors.BULK_PARENT_NOT_FOUND',
      });
    await createRelationship(deps, caller, trx, {
      fichaId: parent.id,
      relatedFichaId: fichaId,
      relationType: (v.relationType as string) ?? 'representant',
      participation: typeof v.participation === 'number' ? v.participation : undefined,
    } as Parameters<typeof createRelationship>[3]);
  }
  if (typeof v.representativeDni === 'string' && v.representativeDni && input.personType === 'legal') {
    const rep = documentOf(v, 'representative', load.country);
    const made = await createRelationship(
      deps,
      caller,
      trx,
      {
        fichaId,
        relationType: 'representant',
        personType: 'natural',
        dni: rep.dni,
        name: (v.representativeName as string) ?? undefined,
        country: load.country,
      } as Parameters<typeof createRelationship>[3],
      p.rep?.listas,
    );
    // a representative made on the fly alerts its matches as a created ficha (fichas `create`)
    if (made.related) parents.madeActive.add(made.related.dni);
  }
  return { fichaId, outcome };
}

type Outcome = 'created' | 'updated' | 'restored' | 'failed';
type Recorded = {
  row: ParsedRow;
  outcome: Outcome;
  fichaId: string | null;
  errors: RowIssue[] | null;
};

/** A row that only creates a ficha (and its relationship to a parent): loaded by the batch statements. */
const isPlainCreate = (p: Prepared) =>
  !p.row.errors.length && !p.fail && !p.existingId && !p.restoreId && !p.row.values.representativeDni;

/**
 * The plain creates of a batch in a few statements through the services' batch functions (the same validations
 * as one by one): first the fichas that name no parent, then, wave by wave, those whose parent is active by then
 * with their relationships. A row whose ficha or relationship is refused is reported and leaves nothing behind.
 * `between` runs the other rows (updates, restores, representatives) one by one after the first wave.
 */
async function plainCreates(
  deps: AppDeps,
  caller: TenantCaller,
  trx: Transaction<Database>,
  plain: Prepared[],
  record: (r: Recorded) => void,
  between: () => Promise<void>,
) {
  const create = async (ps: Prepared[]) => {
    const made = await fichas.createMany(
      deps,
      caller,
      ps.map((p) => ({ body: p.input as NonNullable<Prepared['input']>, listas: p.listas as FichaListasT })),
      trx,
    );
    const ok: { p: Prepared; id: string }[] = [];
    for (const [i, m] of made.entries()) {
      const p = ps[i] as Prepared;
      if (m.row) ok.push({ p, id: m.row.id });
      else record({ row: p.row, outcome: 'failed', fichaId: null, errors: [issueOf(m.error, p.row.values)] });
    }
    return ok;
  };
  const created = new Map<Prepared, string>();
  const parentOf = (p: Prepared) => p.row.values.parentDni;
  for (const c of await create(plain.filter((p) => !parentOf(p)))) created.set(c.p, c.id);
  await between();
  let waiting = plain.filter((p) => parentOf(p));
  while (waiting.length) {
    const candidates = [...new Set(waiting.flatMap((p) => fichas.dniCandidates(String(parentOf(p)))))];
    const active = await fichas.readActiveFichasByDni(trx, caller.companyId, candidates);
    const ready: { p: Prepared; parentId: string }[] = [];
    const later: Prepared[] = [];
    for (const p of waiting) {
      const c = fichas.dniCandidates(String(parentOf(p)));
      const parent = active.find((f) => c.includes(f.dni));
      if (parent) ready.push({ p, parentId: parent.id });
      else later.push(p);
    }
    if (!ready.length) {
      for (const p of later) {
        const err = new AppError('BULK_PARENT_NOT_FOUND', {
          field: 'parentDni',
          messageKey: 'bulk:errors.BULK_PARENT_NOT_FOUND',
        });
        record({ row: p.row, outcome: 'failed', fichaId: null, errors: [issueOf(err, p.row.values)] });
      }
      break;
    }
    // the relationship's own rules first, so that a refused one leaves no ficha behind
    const allowed = ready.filter(({ p }) => {
      const v = p.row.values;
      try {
        const type = (v.relationType as string) ?? 'representant';
        checkParticipation(typeof v.participation === 'number' ? v.participation : undefined, type);
        assertPersonTypeAllowed(p.input?.personType ?? 'natural', type);
        return true;
      } catch (err) {
        record({ row: p.row, outcome: 'failed', fichaId: null, errors: [issueOf(err, v)] });
        return false;
      }
    });
    const made = await create(allowed.map((r) => r.p));
    const parentIds = new Map(allowed.map((r) => [r.p, r.parentId]));
    await createRelationships(
      deps,
      caller,
      trx,
      made.map(({ p, id }) => ({
        fichaId: parentIds.get(p) as string,
        relatedFichaId: id,
        relationType: ((p.row.values.relationType as string) ?? 'representant') as 'representant',
        participation: typeof p.row.values.participation === 'number' ? p.row.values.participation : undefined,
      })),
    );
    for (const c of made) created.set(c.p, c.id);
    waiting = later;
  }
  for (const [p, id] of created)
    record({ row: p.row, outcome: 'created', fichaId: id, errors: p.row.warnings.length ? p.row.warnings : null });
}

/** One row's change inside its savepoint (updates, restores, representatives, and every row of a fallback batch). */
async function oneByOne(
  deps: AppDeps,
  caller: TenantCaller,
  load: Load,
  trx: Transaction<Database>,
  parents: Parents,
  p: Prepared,
  record: (r: Recorded) => void,
) {
  const early = p.row.errors.length ? p.row.errors : p.fail ? [p.fail] : null;
  if (early) return record({ row: p.row, outcome: 'failed', fichaId: null, errors: [...early, ...p.row.warnings] });
  await repo.savepoint(trx);
  try {
    const r = await applyFicha(deps, caller, load, p, trx, parents);
    await repo.releaseSavepoint(trx);
    record({ row: p.row, ...r, errors: p.row.warnings.length ? p.row.warnings : null });
  } catch (err) {
    if (!(err instanceof AppError)) caller.log.warn({ err, load: load.id, row: p.row.number }, 'bulk row failed');
    await repo.rollbackSavepoint(trx);
    await repo.releaseSavepoint(trx);
    record({ row: p.row, outcome: 'failed', fichaId: null, errors: [issueOf(err, p.row.values)] });
  }
}

/** Loads a batch of fichas rows; answers how long its transaction held the database (ms). */
async function fichaBatch(
  deps: AppDeps,
  caller: TenantCaller,
  load: Load,
  rows: ParsedRow[],
  counts: Counts,
  screening?: Promise<Prepared[]>,
) {
  const prepared = await withExisting(deps, caller, await (screening ?? screenFichas(deps, caller, load, rows)));
  await stepAside(deps);
  // 'updating' while a batch updates or restores existing fichas, 'creating' otherwise
  const updating = prepared.some((p) => !p.fail && !p.row.errors.length && (p.existingId || p.restoreId));
  if (updating !== (load.status === 'updating')) {
    load.status = updating ? 'updating' : 'creating';
    await setLoad(deps, load, { status: load.status });
  }
  const t0 = performance.now();
  await withTenant(deps.db, caller.companyId, async (trx) => {
    const done = await repo.recordedRows(
      trx,
      caller.companyId,
      load.id,
      rows.map((r) => r.number),
    );
    const todo = prepared.filter((p) => !done.has(p.row.number));
    let out: Recorded[] = [];
    const record = (r: Recorded) => {
      out.push(r);
    };
    await repo.batchSavepoint(trx);
    try {
      const parents = await parentsOf(trx, caller.companyId, todo);
      const plain = todo.filter(isPlainCreate);
      const others = todo.filter((p) => !isPlainCreate(p));
      await plainCreates(deps, caller, trx, plain, record, async () => {
        for (const p of plain) if (p.dni) parents.madeActive.add(p.dni);
        for (const p of others) await oneByOne(deps, caller, load, trx, parents, p, record);
      });
      await repo.releaseBatchSavepoint(trx);
    } catch (err) {
      // an unexpected refusal of a batch statement: the batch again, row by row, each in its savepoint
      caller.log.warn({ err, load: load.id }, 'bulk batch statements failed; loading the batch row by row');
      await repo.rollbackBatchSavepoint(trx);
      await repo.releaseBatchSavepoint(trx);
      out = [];
      const parents = await parentsOf(trx, caller.companyId, todo);
      for (const p of todo) await oneByOne(deps, caller, load, trx, parents, p, record);
    }
    await repo.insertRows(
      trx,
      out.map((r) => ({
        loadId: load.id,
        rowNumber: r.row.number,
        companyId: caller.companyId,
        outcome: r.outcome,
        fichaId: r.fichaId,
        errors: r.errors,
      })),
    );
    const c = { created: 0, updated: 0, failed: 0 };
    for (const r of out)
      if (r.outcome === 'created') c.created++;
      else if (r.outcome === 'failed') c.failed++;
      else c.updated++;
    await commitBatch(trx, load, rows[rows.length - 1]?.number ?? load.committedRow, rows.length, c, counts);
  });
  return performance.now() - t0;
}

/** Moves the cursor and the counts in the batch's transaction. */
async function commitBatch(
  trx: Transaction<Database>,
  load: Load,
  lastRow: number,
  n: number,
  c: Counts,
  counts: Counts & { processed?: number },
) {
  counts.created += c.created;
  counts.updated += c.updated;
  counts.failed += c.failed;
  counts.processed = (counts.processed ?? 0) + n;
  load.committedRow = lastRow;
  await repo.updateLoad(trx, load.companyId, load.id, {
    committedRow: lastRow,
    processed: counts.processed,
    created: counts.created,
    updated: counts.updated,
    failed: counts.failed,
  });
}

/** One operation (consecutive rows with the same reference) through the operations service. */
async function operationGroup(deps: AppDeps, caller: TenantCaller, load: Load, rows: ParsedRow[], counts: Counts) {
  const last = rows[rows.length - 1]?.number ?? load.committedRow;
  const first = rows[0] as ParsedRow;
  const fail = async (issues: Map<number, RowIssue[]>) =>
    withTenant(deps.db, caller.companyId, async (trx) => {
      const done = await repo.recordedRows(trx, caller.companyId, load.id, [first.number]);
      if (done.size) return;
      for (const r of rows)
        await repo.insertRow(trx, {
          loadId: load.id,
          rowNumber: r.number,
          companyId: caller.companyId,
          outcome: 'failed',
          fichaId: null,
          errors: issues.get(r.number) ?? [
            {
              column: 'operationRef',
              value: String(first.values.operationRef ?? ''),
              messageKey: 'bulk:errors.ROW_OPERATION_FAILED',
            },
          ],
        });
      await commitBatch(trx, load, last, rows.length, { created: 0, updated: 0, failed: rows.length }, counts);
    });
  const rowErrors = new Map(rows.filter((r) => r.errors.length).map((r) => [r.number, r.errors]));
  if (rowErrors.size) return fail(rowErrors);
  const v = first.values;
  const divisa = String(v.currency ?? '').toUpperCase();
  const body = OperationCreateBody.safeParse({
    divisa,
    transactionType: v.transactionType ?? undefined,
    transactionDate: typeof v.transactionDate === 'string' ? isoDay(v.transactionDate) : undefined,
    referenceNumber: v.reference ?? undefined,
    transactionComments: v.comments ?? undefined,
    associates: rows.map((r) => {
      const d = documentOf(r.values, '', load.country);
      const pt = r.values.personType as 'natural' | 'legal';
      return {
        dni: d.dni,
        type: pt,
        dniType: d.dniType,
        currency: divisa,
        monto: r.values.amount ?? 0,
        efective: r.values.cash ?? 0,
        newFicha: {
          name: pt === 'natural' ? (r.values.name ?? undefined) : undefined,
          fatherName: pt === 'natural' ? (r.values.fatherName ?? undefined) : undefined,
          motherName: pt === 'natural' ? (r.values.motherName ?? undefined) : undefined,
          socialReason: pt === 'legal' ? (r.values.socialReason ?? r.values.name ?? undefined) : undefined,
        },
      };
    }),
  });
  if (!body.success) {
    const issue = body.error.issues[0];
    const idx = issue?.path[0] === 'associates' ? Number(issue.path[1]) : 0;
    const row = rows[idx] ?? first;
    const field = String(issue?.path[issue.path[0] === 'associates' ? 2 : 0] ?? '');
    const err = new AppError('VALIDATION_ERROR', { field, messageKey: 'bulk:errors.ROW_INVALID' });
    return fail(new Map([[row.number, [issueOf(err, row.values)]]]));
  }
  try {
    await createOperation(deps, caller, body.data, async (trx) => {
      for (const r of rows)
        await repo.insertRow(trx, {
          loadId: load.id,
          rowNumber: r.number,
          companyId: caller.companyId,
          outcome: 'created',
          fichaId: null,
          errors: r.warnings.length ? r.warnings : null,
        });
      await commitBatch(trx, load, last, rows.length, { created: rows.length, updated: 0, failed: 0 }, counts);
    });
  } catch (err) {
    const m = err instanceof AppError ? /^associates\.(\d+)\./.exec(err.field ?? '') : null;
    const row = rows[m ? Number(m[1]) : 0] ?? first;
    if (!(err instanceof AppError)) caller.log.warn({ err, load: load.id }, 'bulk operation failed');
    await fail(new Map([[row.number, [issueOf(err, row.values)]]]));
  }
}

/** A promise's outcome as a value: a failure is kept until someone asks for it, never left unobserved. */
type Settled<T> = { ok: T } | { err: unknown };
const settled = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (ok) => ({ ok }),
    (err: unknown) => ({ err }),
  );
async function outcomeOf<T>(s: Promise<Settled<T>>): Promise<T> {
  const r = await s;
  if ('err' in r) throw r.err;
  return r.ok;
}

/** The load's author as the caller of the services (validation, screening, risk and audit as for a person). */
async function authorCaller(deps: AppDeps, load: Load): Promise<TenantCaller | null> {
  const auth = load.authorEmail ? await actAs(deps, load.authorEmail) : undefined;
  if (!auth || auth.companyId !== load.companyId) return null;
  return { ...inCompany(systemCaller(auth, deps.log, load.companyId)), requestId: `bulk-load:${load.id}` };
}

/** Job `bulk-loads.run`: scans (once), waits for the similar-records choice when needed, then loads. */
export async function runLoad(deps: AppDeps, companyId: string, loadId: string) {
  const load = await withTenant(deps.db, companyId, (trx) => repo.findLoad(trx, companyId, loadId));
  if (!load || ['done', 'error', 'invalid', 'update'].includes(load.status)) return;
  const caller = await authorCaller(deps, load);
  if (!caller) return invalid(deps, load, 'bulk:errors.BULK_AUTHOR_GONE');
  const buf = await deps.files.get(load.fileKey);
  if (!buf) return invalid(deps, load, 'bulk:errors.BULK_FILE_MISSING');
  let scanning = load.total === null;
  // a stored file is checked again before its first read (one stored before the inflation check would hang it)
  const stored = scanning ? (await checkUpload(buf, ['xlsx'], Number.POSITIVE_INFINITY)).problem : null;
  if (stored) {
    deps.log.warn({ loadId, problem: stored, bytes: buf.length }, 'a stored bulk workbook failed the content check');
    return invalid(deps, load, 'bulk:errors.BULK_FILE_UNREADABLE');
  }
  try {
    if (load.total === null) {
      await setLoad(deps, load, { status: 'uploading' });
      const { total, similar } = await scan(deps, caller, load, buf);
      if (total > MAX_ROWS) return invalid(deps, load, 'bulk:errors.BULK_TOO_MANY_ROWS', { max: MAX_ROWS });
      if (total === 0) return invalid(deps, load, 'bulk:errors.BULK_EMPTY');
      const waiting = similar.length > 0 && load.restoreIds === null;
      await setLoad(deps, load, {
        total,
        similarRecords: JSON.stringify(similar),
        status: waiting ? 'update' : 'creating',
      });
      if (waiting) return;
      Object.assign(load, { total, similarRecords: similar, status: 'creating' });
      scanning = false;
    } else {
      load.status = 'creating';
      await setLoad(deps, load, { status: 'creating' });
    }
    const counts = { created: load.created, updated: load.updated, failed: load.failed, processed: load.processed };
    const embedded = deps.database.kind === 'pglite';
    let batchRows = embedded ? EMBEDDED_FIRST_ROWS : BATCH_ROWS;
    let batch: ParsedRow[] = [];
    // the load refreshes the planner's statistics of what it writes as the tables grow: the embedded database has no
    // autovacuum (decision 181), and PostgreSQL's comes at most once a minute, when it is on, while a load makes a
    // company's fichas ten times as many in that time (decision 253)
    const growing = load.loadType === 'operation' ? OPERATION_TABLES : FICHA_TABLES;
    const counted = tableOf(growing[0]);
    const statistics = new AnalyzeAsRowsGrow(await estimatedRows(deps.db, counted));
    const load1 = async (rows: ParsedRow[], screening?: Promise<Prepared[]>) => {
      await stepAside(deps);
      if (load.loadType === 'operation') await operationGroup(deps, caller, load, rows, counts);
      else {
        const heldMs = await fichaBatch(deps, caller, load, rows, counts, screening);
        if (embedded) batchRows = nextBatchRows(rows.length, heldMs);
      }
      if (statistics.wrote(rows.length)) {
        for (const table of growing) {
          await stepAside(deps);
          await analyzeTables(deps.db, [table]);
        }
        statistics.analyzed(await estimatedRows(deps.db, counted));
      }
    };
    // PostgreSQL, fichas: a batch is validated and screened (this process's work) while the previous batch's
    // transaction runs (the database's), and the rows after it are read meanwhile; the transactions still run one
    // after the other, each opened once the one before committed (decision 254). The embedded database answers on
    // this thread: nothing to overlap there.
    const overlapped = !embedded && load.loadType !== 'operation';
    let committing: Promise<Settled<void>> | null = null;
    const flush = async () => {
      if (!batch.length) return;
      const rows = batch;
      batch = [];
      if (!overlapped) return load1(rows);
      // settled at once: when the batch before it fails, this batch's screening is never waited for
      const screening = settled(screenFichas(deps, caller, load, rows));
      if (committing) await outcomeOf(committing);
      committing = settled(load1(rows, outcomeOf(screening)));
    };
    let failure: { err: unknown } | null = null;
    try {
      for await (const r of rowsOf(load, buf)) {
        if (r.number <= load.committedRow) continue;
        if (load.loadType === 'operation' && batch.length && batch[0]?.values.operationRef !== r.values.operationRef)
          await flush();
        batch.push(r);
        if (load.loadType !== 'operation' && batch.length >= batchRows) await flush();
      }
      await flush();
    } catch (err) {
      failure = { err };
    }
    // the last transaction under way ends before the load ends or fails (a retry must not meet it still running)
    const last = await (committing as Promise<Settled<void>> | null);
    if (last && 'err' in last) failure ??= { err: last.err };
    if (failure) throw failure.err;
    await setLoad(deps, load, { status: counts.failed > 0 ? 'error' : 'done', finishedAt: new Date() });
  } catch (err) {
    if (err instanceof HeaderError)
      return invalid(deps, load, 'bulk:errors.BULK_COLUMNS_MISSING', { columns: err.missing });
    // a file the reader cannot parse (corrupt zip, not a workbook) is refused in the first pass, never retried;
    // anything else (the database, the services) fails the attempt and the queue retries it from the last
    // committed batch
    if (!scanning || !(err instanceof UnreadableWorkbookError)) throw err;
    deps.log.warn({ err: err.cause, load: load.id }, 'bulk load file unreadable');
    return invalid(deps, load, 'bulk:errors.BULK_FILE_UNREADABLE');
  }
}
