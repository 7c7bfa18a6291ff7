import { createIndex, type EntitySchema, type ListEntity, type MemoryScreeningIndex } from '@regcheck/screening';
import type { AppDeps } from '../../plugins/context';
import * as repo from './lists.repo';
import type { ListKind } from './lists.tables';

/** Lists matched by country (FATF, preferential tax regimes) or by word (keywords), not by name. */
export const COUNTRY_LISTS = new Set(['gafi', 'rtp']);
export const WORD_LISTS = new Set(['keywords']);
export const CITY_LISTS = new Set(['risk-cities']);
const isSpecial = (id: string) => COUNTRY_LISTS.has(id) || WORD_LISTS.has(id) || CITY_LISTS.has(id);

/**
 * Told the list and the ids of its changed entries ('all' after an import); a returned promise's failure is
 * logged. Told once per change, in the process that made it (the import job, a public-list entry change): the
 * other processes bring their index in step through the poll without telling again, so a listener that enqueues
 * work for the change (monitoring) enqueues it once, not once per process.
 */
export type ListChangeListener = (listId: string, changedEntityIds: string[] | 'all') => unknown;

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
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  /** listeners' work still under way (a list change enqueues monitoring jobs after the change is applied) */
  private readonly pending = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly deps: AppDeps) {}

  /** Runs `fn` after every change queued before it (its failure is the caller's; the queue goes on). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    // the next change waits for this one to end, failed or not: the failure itself reaches `run`'s caller
    this.queue = Promise.allSettled([run]);
    return run;
  }

  private emit(listId: string, ids: string[] | 'all') {
    const failed = (err: unknown) => this.deps.log.error({ err, listId }, 'a list change listener failed');
    for (const l of listeners) {
      try {
        const done: unknown = l(listId, ids);
        if (done instanceof Promise) {
          const tracked = done.catch(failed).finally(() => this.pending.delete(tracked));
          this.pending.add(tracked);
        }
      } catch (err) {
        failed(err);
      }
    }
  }

  /** Loads every list (start of the process). */
  async load() {
    await this.serial(async () => {
      const db = this.deps.db;
      const [sources, versions] = await Promise.all([repo.listSources(db), repo.activeVersions(db)]);
      for (const s of sources) {
        const v = versions.find((x) => x.sourceId === s.id);
        await this.readList(s.id, s.name, s.kind, s.revision, v?.id ?? null);
      }
      await this.rebuild();
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
    this.sources.set(id, { id, name, kind, revision, versionId, entityCount: entities.length });
  }

  /** Builds a new name index from `named` in slices, then puts it in use. */
  private async rebuild() {
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
  }

  /**
   * Reloads one list from its active version (after an import, or when its revision moved); `notify` tells the
   * listeners (false for a change another process made and told about).
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
      if (!isSpecial(id)) await this.rebuild();
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
/** Module-level, so that a module may subscribe before the lists module has started. */
const listeners = new Set<ListChangeListener>();

/** Calls `listener` whenever a list's content changes (ids of the changed entries, or 'all' after a reload). */
export function onListChanged(listener: ListChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

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
