import { createIndex, type ListEntity, type MemoryScreeningIndex, type ScreeningIndex } from '@regcheck/screening';
import type { AppDeps } from '../../plugins/context';
import { listHit } from '../lists';
import type { ScreenHit, ScreenListResult, ScreenQuery, ScreenResult as SearchResult } from '../search';
import * as real from '../search';

/** What fichas ask the screening service (modules/search/screening.service.ts), in its own types. */
export type { ScreenHit, ScreenQuery } from '../search';

/** What fichas read of a screening result: the search module's, less the threshold and list kinds they ignore. */
export interface ScreenResult extends Omit<SearchResult, 'threshold' | 'lists'> {
  lists: Omit<ScreenListResult, 'kind'>[];
}

export type ListChangedListener = Parameters<typeof real.onListChanged>[0];

/**
 * The screening service as fichas and monitoring use it, plus `listEntities` (what monitoring needs to query the
 * changed entries against the fichas index): the search module's service, or a local in-memory stand-in.
 */
export interface ScreeningPort {
  screen(deps: AppDeps, companyId: string, q: ScreenQuery): Promise<ScreenResult>;
  /** several queries of one company in one pass (a bulk load's batch) */
  screenMany(deps: AppDeps, companyId: string, qs: ScreenQuery[]): Promise<ScreenResult[]>;
  onListChanged(listener: ListChangedListener): () => void;
  getIndex(): ScreeningIndex;
  listEntities(deps: AppDeps, listId: string, ids: string[] | 'all'): Promise<ListEntity[]>;
  listName(listId: string): string;
  /** ids of the lists in force (monthly monitoring screens against all of them) */
  listIds(deps: AppDeps): Promise<string[]>;
}

/** Lists that never count in `listas.total` (spec 000 §4): the corporate mesh and the low-risk CNPJ validator. */
export const EXCLUDED_FROM_TOTAL = new Set(['corporate-mesh', 'mallaSocietaria', 'cnpj-validator', 'validadorCpfCnpj']);

/**
 * Local stand-in: an in-memory index fed by `replaceList`/`upsertEntities` (tests, benchmarks, demo), which
 * emits the same list-changed events the real module will.
 */
export class LocalScreening implements ScreeningPort {
  private index: MemoryScreeningIndex = createIndex();
  private names = new Map<string, string>();
  private entities = new Map<string, Map<string, ListEntity>>();
  private listeners = new Set<ListChangedListener>();

  async screen(_deps: AppDeps, _companyId: string, q: ScreenQuery): Promise<ScreenResult> {
    const hits = this.index.search(
      {
        name: q.name,
        fatherName: q.fatherName,
        motherName: q.motherName,
        identifiers: q.dni ? [{ value: q.dni }] : undefined,
        birthDate: q.birthDate?.slice(0, 10),
        countries: q.country ? [q.country] : undefined,
        schema: q.personType === 'legal' ? 'Company' : q.personType === 'natural' ? 'Person' : undefined,
      },
      { limit: 50 },
    );
    const byList = new Map<string, ScreenHit[]>();
    for (const h of hits) {
      const list = byList.get(h.listId) ?? [];
      list.push(listHit(h));
      byList.set(h.listId, list);
    }
    const lists = [...this.names.keys()].map((listId) => {
      const listHits = byList.get(listId) ?? [];
      return { listId, listName: this.listName(listId), coincidence: listHits.length > 0, hits: listHits };
    });
    return {
      total: lists.filter((l) => l.coincidence && !EXCLUDED_FROM_TOTAL.has(l.listId)).length,
      lastChecked: new Date().toISOString(),
      lists,
    };
  }

  async screenMany(deps: AppDeps, companyId: string, qs: ScreenQuery[]) {
    return Promise.all(qs.map((q) => this.screen(deps, companyId, q)));
  }

  onListChanged(listener: ListChangedListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getIndex() {
    return this.index;
  }

  listName(listId: string) {
    return this.names.get(listId) ?? listId;
  }

  async listIds() {
    return [...this.names.keys()];
  }

  async listEntities(_deps: AppDeps, listId: string, ids: string[] | 'all') {
    const all = this.entities.get(listId) ?? new Map<string, ListEntity>();
    if (ids === 'all') return [...all.values()];
    return ids.map((id) => all.get(id)).filter((e): e is ListEntity => !!e);
  }

  /** Replaces a whole list (a new list version) and tells the listeners. */
  async replaceList(listId: string, listName: string, entities: ListEntity[]) {
    this.names.set(listId, listName);
    this.entities.set(listId, new Map(entities.map((e) => [e.id, e])));
    this.index.replaceList(listId, entities);
    await this.emit(listId, 'all');
  }

  /** Adds or changes some entries of a list and tells the listeners which. */
  async upsertEntities(listId: string, listName: string, entities: ListEntity[]) {
    this.names.set(listId, listName);
    const map = this.entities.get(listId) ?? new Map<string, ListEntity>();
    for (const e of entities) {
      if (map.has(e.id)) this.index.remove(listId, e.id);
      map.set(e.id, e);
      this.index.add(e);
    }
    this.entities.set(listId, map);
    await this.emit(
      listId,
      entities.map((e) => e.id),
    );
  }

  private async emit(listId: string, changed: string[] | 'all') {
    for (const l of this.listeners) await l(listId, changed);
  }
}

let port: ScreeningPort | undefined;

/** The search module's screening service behind the port. */
const realPort = (): ScreeningPort => ({
  screen: (deps, companyId, q) => real.screen(deps, companyId, q),
  screenMany: (deps, companyId, qs) => real.screenMany(deps, companyId, qs),
  onListChanged: (l) => real.onListChanged(l),
  getIndex: () => real.getIndex(),
  listName: (id) => real.listName(id),
  listIds: (deps) => real.listIds(deps),
  listEntities: (deps, listId, ids) => real.listEntities(deps, listId, ids),
});

/** The screening service of the lists module (modules/search/screening.service.ts). */
export async function loadScreening(): Promise<ScreeningPort> {
  port ??= realPort();
  return port;
}

/** The screening service in use. */
export function screening(): ScreeningPort {
  port ??= realPort();
  return port;
}

/** Tests and benchmarks use the local stand-in, fed by hand. */
export function useLocalScreening(): LocalScreening {
  const local = new LocalScreening();
  port = local;
  return local;
}

/** Back to the lists module's service. */
export function useRealScreening() {
  port = realPort();
  return port;
}
