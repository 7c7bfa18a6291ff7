// Over 400 lines: the index state, its loading (from the database or a snapshot) and its saving are one lifecycle
// under one serial queue; the snapshot store itself is lists.index-snapshots.ts.
import {
  createIndex,
  type EntitySchema,
  type ListEntity,
  type ListVersions,
  type MemoryScreeningIndex,
  nextTurn,
  versionsText,
} from '@regcheck/screening';
import type { ListKind } from '../../db/tables/lists.tables';
import type { AppDeps } from '../../plugins/context';
import { loadIndexSnapshot, prepareIndexSnapshot, storeIndexSnapshot } from './lists.index-snapshots';
import * as repo from './lists.repo';

/** Lists matched by country (FATF, preferential tax regimes) or by word (keywords), not by name. */
export const COUNTRY_LISTS = new Set(['gafi', 'rtp']);
export const WORD_LISTS = new Set(['keywords']);
export const CITY_LISTS = new Set(['risk-cities']);
const isSpecial = (id: string) => COUNTRY_LISTS.has(id) || WORD_LISTS.has(id) || CITY_LISTS.has(id);

export interface SourceInfo {
  id: string;
  name: string;
  kind: ListKind;
  /** revision of the list's content loaded in this process */
  revision: number;
  versionId: number | null;
  entityCount: number;
}

/** Rows read per query when a list is loaded, and the longest slice of index building between two turns. */
const PAGE = 500;
const SLICE_MS = 20;

/**
 * What the name index was made from: each list of the name index with its active version and revision (a public
 * list's entries change its revision, not its version). A snapshot is used only for exactly these.
 */
function nameVersions(lists: Iterable<{ id: string; versionId: number | null; revision: number }>): ListVersions {
  const out: ListVersions = {};
  for (const l of lists) if (!isSpecial(l.id)) out[l.id] = `${l.versionId ?? 'none'}@${l.revision}`;
  return out;
}

/** How this process's index came to be (the log says it too; tests read it). */
export interface IndexStats {
  /** how the index of the process's start was made */
  startedFrom: 'snapshot' | 'database' | null;
  startMs: number;
  /** the name index built from the database (start, import, poll) */
  builds: number;
  snapshotLoads: number;
  /** snapshots found but not usable (damaged, unreadable store) */
  snapshotFailures: number;
  snapshotsSaved: number;
}

/**
 * The screening index of this process: every active list version, loaded at start and kept in step by a cheap
 * poll of the sources' revisions (another process imported or edited a list) and directly after a change made
 * in this process. Lists matched by country or word are kept beside the name index.
 *
 * A list is loaded a page at a time and the name index is rebuilt beside the one in use, in slices with a turn
 * of the event loop between them, then swapped in at once: a large list never stops the process from
 * answering, and a search never sees half a list. Changes are applied one after another (`serial`), so an
 * entry changed during a rebuild is not lost.
 */
export class ListIndexState {
  index: MemoryScreeningIndex = createIndex();
  readonly sources = new Map<string, SourceInfo>();
  /** gafi, rtp, keywords: entities by list */
  readonly special = new Map<string, ListEntity[]>();
  /** the entities of the name index by list and id (what a rebuild reads) */
  private readonly named = new Map<string, Map<string, ListEntity>>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** work still under way: the telling of a change (its listeners' jobs enqueued after it is applied), a save */
  private readonly pending = new Set<Promise<unknown>>();
  private stopped = false;
  /** lists of the name index loaded from a snapshot whose entities are not read into `named` yet */
  private readonly unread = new Set<string>();
  private saving: Promise<void> | undefined;
  private saveAgain = false;
  readonly stats: IndexStats = {
    startedFrom: null,
    startMs: 0,
    builds: 0,
    snapshotLoads: 0,
    snapshotFailures: 0,
    snapshotsSaved: 0,
  };

  constructor(private readonly deps: AppDeps) {}

  /** Runs `fn` after every change queued before it (its failure is the caller's; the queue goes on). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    // the next change waits for this one to end, failed or not: the failure itself reaches `run`'s caller
    this.queue = Promise.allSettled([run]);
    return run;
  }

  /** Tells the change on the bus (its listeners' jobs are enqueued); a failure is logged, the change stays applied. */
  private emit(listId: string, ids: string[] | 'all') {
    const told = this.deps.bus
      .publish(this.deps.db, 'list.changed', { listId, changed: ids })
      .catch((err: unknown) => this.deps.log.error({ err, listId }, 'a list change could not be told'))
      .finally(() => this.pending.delete(told));
    this.pending.add(told);
  }

  /**
   * Loads every list (start of the process): the name index from the snapshot of the database's current list
   * versions when the file store holds one (decision 245), else built from the database (and saved by a process
   * that runs jobs). The lists matched by country or word are always read from the database (small).
   */
  async load() {
    await this.serial(async () => {
      const t0 = performance.now();
      const db = this.deps.db;
      const [sources, versions] = await Promise.all([repo.listSources(db), repo.activeVersions(db)]);
      const versionOf = (id: string) => versions.find((x) => x.sourceId === id);
      const wanted = nameVersions(sources.map((s) => ({ ...s, versionId: versionOf(s.id)?.id ?? null })));
      const snap = await loadIndexSnapshot(this.deps, wanted, () => this.stats.snapshotFailures++);
      for (const s of sources) {
        const v = versionOf(s.id);
        if (snap && !isSpecial(s.id)) {
          const entityCount = v?.entityCount ?? 0;
          this.sources.set(s.id, {
            id: s.id,
            name: s.name,
            kind: s.kind,
            revision: s.revision,
            versionId: v?.id ?? null,
            entityCount,
          });
          this.unread.add(s.id);
        } else await this.readList(s.id, s.name, s.kind, s.revision, v?.id ?? null);
      }
      if (snap) {
        this.index = snap.index;
        this.stats.snapshotLoads++;
      } else await this.rebuild();
      this.stats.startedFrom = snap ? 'snapshot' : 'database';
      this.stats.startMs = Math.round(performance.now() - t0);
      this.deps.log.info(
        { names: this.index.nameCount(), entities: this.index.size(), ms: this.stats.startMs, snapshot: snap?.key },
        snap
          ? `screening: index loaded from its snapshot (${snap.bytes} bytes) in ${this.stats.startMs} ms`
          : `screening: index built from the database in ${this.stats.startMs} ms`,
      );
      if (!snap) this.requestSave();
    });
  }

  /** Reads a list's active version a page at a time into `special` or `named` (the index is rebuilt after). */
  private async readList(
    id: string,
    name: string,
    kind: ListKind,
    revision: number,
    versionId: number | null,
  ): Promise<void> {
    const entities: ListEntity[] = [];
    let after: string | null = null;
    while (versionId) {
      const rows = await repo.entitiesPage(this.deps.db, versionId, after, PAGE);
      for (const r of rows) entities.push(toListEntity(id, r));
      if (rows.length < PAGE) break;
      after = (rows.at(-1) as repo.ListEntityRow).entityId;
      await nextTurn();
    }
    if (isSpecial(id)) this.special.set(id, entities);
    else this.named.set(id, new Map(entities.map((e) => [e.id, e])));
    this.unread.delete(id);
    this.sources.set(id, { id, name, kind, revision, versionId, entityCount: entities.length });
  }

  /**
   * Reads into `named` the entities of the lists the index was loaded with from a snapshot, before a rebuild or a
   * change of single entries needs them. Before a rebuild (`only` absent) each is read as the database has it now,
   * its revision with it: another process may have changed it since, and the entities of a version two imports old
   * are gone. For a change of entries of list `only` (made in this process, on its active version), the version and
   * revision loaded stay, as the change itself moves them.
   */
  private async readUnread(only?: string) {
    for (const id of only ? [only] : [...this.unread]) {
      const info = this.sources.get(id);
      if (!this.unread.has(id) || !info) continue;
      if (only) {
        await this.readList(id, info.name, info.kind, info.revision, info.versionId);
        // the loaded revision and count stay (readList recorded what it read as a new entry)
        this.sources.set(id, info);
        continue;
      }
      const s = await repo.findSource(this.deps.db, id);
      const v = s ? await repo.activeVersion(this.deps.db, id) : undefined;
      if (s) await this.readList(s.id, s.name, s.kind, s.revision, v?.id ?? null);
      else this.unread.delete(id);
    }
  }

  /** Builds a new name index from `named` in slices, then puts it in use. */
  private async rebuild() {
    await this.readUnread();
    const next = createIndex();
    let since = performance.now();
    for (const list of this.named.values()) {
      for (const e of list.values()) {
        next.add(e);
        if (performance.now() - since >= SLICE_MS) {
          await nextTurn();
          since = performance.now();
        }
      }
    }
    next.compact();
    this.index = next;
    this.stats.builds++;
  }

  /**
   * Saves a snapshot of the index as it is now, after the change under way (decision 245): only in a process that
   * runs jobs (the one process of `npm start`, or the workers beside API nodes that have JOBS_IN_PROCESS=false), so
   * that API nodes never spend seconds encoding. Requests made while one is saved give one more save after it.
   */
  private requestSave() {
    if (!this.deps.config.jobsInProcess || this.stopped) return;
    if (this.saving) {
      this.saveAgain = true;
      return;
    }
    const run = (async () => {
      do {
        this.saveAgain = false;
        await this.saveOnce();
      } while (this.saveAgain && !this.stopped);
    })()
      .catch((err) => this.deps.log.warn({ err }, 'screening: the index snapshot could not be saved'))
      .finally(() => {
        this.saving = undefined;
        this.pending.delete(run);
      });
    this.saving = run;
    this.pending.add(run);
  }

  private async saveOnce() {
    // taken between two changes: the versions and the index are the same moment's, and the index does not change
    // until the snapshot is stored (its parts are views of the index's arrays; decision 252)
    const saved = await this.serial(async () => {
      const versions = nameVersions(this.sources.values());
      const db = this.deps.db;
      const [sources, active] = await Promise.all([repo.listSources(db), repo.activeVersions(db)]);
      const now = nameVersions(
        sources.map((s) => ({ ...s, versionId: active.find((v) => v.sourceId === s.id)?.id ?? null })),
      );
      // the database moved on: the change that moved it reloads the index and saves again
      if (versionsText(now) !== versionsText(versions)) return null;
      const prepared = await prepareIndexSnapshot(this.deps, this.index, versions);
      const t0 = performance.now();
      await storeIndexSnapshot(this.deps, prepared);
      return { prepared, storeMs: Math.round(performance.now() - t0) };
    });
    if (!saved || saved.prepared.key === null) return;
    this.stats.snapshotsSaved++;
    this.deps.log.info(
      {
        key: saved.prepared.key,
        bytes: saved.prepared.parts.size,
        encodeMs: saved.prepared.encodeMs,
        storeMs: saved.storeMs,
      },
      'screening: index snapshot saved',
    );
  }

  /**
   * Reloads one list from its active version (after an import, or when its revision moved); `notify` tells the
   * listeners through the bus (false for a change another process made and told about).
   */
  reloadList(id: string, notify = true) {
    return this.serial(async () => {
      const s = await repo.findSource(this.deps.db, id);
      if (!s) return;
      const v = await repo.activeVersion(this.deps.db, id);
      const loaded = this.sources.get(id);
      // already in step (a poll and the import that changed the list both asked)
      if (loaded && loaded.revision === s.revision && loaded.versionId === (v?.id ?? null)) return;
      await this.readList(s.id, s.name, s.kind, s.revision, v?.id ?? null);
      if (!isSpecial(id)) {
        await this.rebuild();
        this.requestSave();
      }
      if (notify) this.emit(id, 'all');
    });
  }

  /**
   * Applies a change of single entries made in this process (public list endpoints). When the new revision is
   * not the next one, another process changed the list too, and the whole list is reloaded.
   */
  async applyEntityChange(listId: string, newRevision: number, upserts: ListEntity[], removedIds: string[]) {
    const info = this.sources.get(listId);
    if (!info || info.versionId === null || info.revision !== newRevision - 1) return this.reloadList(listId);
    await this.serial(async () => {
      info.revision = newRevision;
      if (isSpecial(listId)) {
        const gone = new Set([...removedIds, ...upserts.map((e) => e.id)]);
        const next = (this.special.get(listId) ?? []).filter((e) => !gone.has(e.id)).concat(upserts);
        this.special.set(listId, next);
        info.entityCount = next.length;
      } else {
        await this.readUnread(listId);
        const list = this.named.get(listId) ?? new Map<string, ListEntity>();
        this.named.set(listId, list);
        for (const id of removedIds) {
          list.delete(id);
          this.index.remove(listId, id);
        }
        for (const e of upserts) {
          list.set(e.id, e);
          this.index.add(e);
        }
        this.index.compact();
        info.entityCount = list.size;
        this.requestSave();
      }
      this.emit(listId, [...removedIds, ...upserts.map((e) => e.id)]);
    });
  }

  /** One poll: reload the lists whose revision moved since they were loaded. */
  async poll() {
    if (this.polling) return this.polling;
    this.polling = (async () => {
      const revs = await repo.sourceRevisions(this.deps.db);
      for (const r of revs) {
        if (this.stopped) return;
        if (this.sources.get(r.id)?.revision !== r.revision) await this.reloadList(r.id, false);
      }
    })().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  /**
   * Resolves when every change queued so far is applied and its listeners have finished (tests measure the
   * database only once the background work of earlier requests has settled; stop() waits for it too).
   */
  async idle() {
    await this.queue;
    await Promise.allSettled([...this.pending]);
  }

  startPolling(everyMs: number) {
    this.timer = setInterval(() => {
      this.poll().catch((err) => this.deps.log.error({ err }, 'the list poll failed'));
    }, everyMs);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    // waits for a poll under way to end; its failure is logged by the timer that started it (or thrown to the
    // caller of poll())
    if (this.polling) await Promise.allSettled([this.polling]);
    await this.idle();
  }
}

export function toListEntity(listId: string, r: repo.ListEntityRow): ListEntity {
  const e: ListEntity = {
    id: r.entityId,
    listId,
    schema: r.schema as EntitySchema,
    names: r.names,
    identifiers: r.identifiers,
    birthDates: r.birthDates,
    countries: r.countries,
    programs: r.programs,
    extra: r.fields,
  };
  if (r.remarks) e.remarks = r.remarks;
  return e;
}

let current: ListIndexState | undefined;

/** The index state of this process, or undefined before the lists module has started (nothing to update). */
export function startedState(): ListIndexState | undefined {
  return current;
}

/** The index state of this process (set when the lists module starts). */
export function currentState(): ListIndexState {
  if (!current) throw new Error('the lists module has not started: no screening index');
  return current;
}

export function setCurrentState(s: ListIndexState | undefined) {
  current = s;
}
