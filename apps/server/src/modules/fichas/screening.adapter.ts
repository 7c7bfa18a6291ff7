import { createIndex, type ListEntity, type MemoryScreeningIndex, type ScreeningIndex } from '@regcheck/screening';
import type { AppDeps } from '../../plugins/context';
import * as real from '../search/screening.service';

/** What fichas ask the screening service (modules/search/screening.service.ts). */
export interface ScreenQuery {
  name?: string;
  fatherName?: string;
  motherName?: string;
  dni?: string;
  personType?: 'natural' | 'legal';
  country?: string;
  birthDate?: string;
}

export interface ScreenHit {
  entityId: string;
  name: string;
  matchedName: string;
  score: number;
  explanation: unknown;
  /** the list entry, when the service gives it (used for the dismissal hash) */
  entity?: unknown;
}

export interface ScreenResult {
  total: number;
  lastChecked: string;
  lists: { listId: string; listName: string; coincidence: boolean; hits: ScreenHit[] }[];
}

export type ListChangedListener = (listId: string, changed: string[] | 'all') => void | Promise<void>;

/**
 * The contract of the lists/screening module, plus `listEntities` (what monitoring needs to query the changed
 * entries against the fichas index). Until the real module lands, a local in-memory implementation stands in.
 */
export interface ScreeningPort {
  screen(deps: AppDeps, companyId: string, q: ScreenQuery): Promise<ScreenResult>;
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
      list.push({
        entityId: h.entityId,
        name: h.name,
        matchedName: h.matchedName,
        score: h.score,
        explanation: h.explanation,
        entity: h.entity,
      });
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

/** The screening service of the lists module (modules/search/screening.service.ts). */
export async function loadScreening(): Promise<ScreeningPort> {
  port ??= realPort(real as unknown as RealModule);
  return port;
}

/** The screening service in use. */
export function screening(): ScreeningPort {
  port ??= realPort(real as unknown as RealModule);
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
  port = realPort(real as unknown as RealModule);
  return port;
}

interface RealModule {
  screen: ScreeningPort['screen'];
  onListChanged: ScreeningPort['onListChanged'];
  getIndex: () => ScreeningIndex;
  listEntities?: ScreeningPort['listEntities'];
  listName?: (listId: string) => string;
  listIds?: (deps: AppDeps) => Promise<string[]>;
}

/** names of the lists, as the last screening results gave them */
const listNames = new Map<string, string>();

function realPort(mod: RealModule): ScreeningPort {
  return {
    screen: async (deps, companyId, q) => {
      const r = await mod.screen(deps, companyId, q);
      for (const l of r.lists) listNames.set(l.listId, l.listName);
      return r;
    },
    onListChanged: (l) => mod.onListChanged(l),
    getIndex: () => mod.getIndex(),
    listName: (id) => mod.listName?.(id) ?? listNames.get(id) ?? id,
    listIds: async (deps) => {
      if (mod.listIds) return mod.listIds(deps);
      const { sql } = await import('kysely');
      const r = await sql<{ source_id: string }>`select source_id from list_versions where status = 'active'`.execute(
        deps.db,
      );
      return r.rows.map((x) => x.source_id);
    },
    listEntities: async (deps, listId, ids) => {
      if (mod.listEntities) return mod.listEntities(deps, listId, ids);
      return entitiesFromDatabase(deps, listId, ids);
    },
  };
}

/** Reads the entries of a list's active version from the lists module's tables (0100_lists). */
async function entitiesFromDatabase(deps: AppDeps, listId: string, ids: string[] | 'all'): Promise<ListEntity[]> {
  const { sql } = await import('kysely');
  const rows = await sql<{
    entity_id: string;
    schema: string;
    names: string[];
    identifiers: ListEntity['identifiers'];
    birth_dates: string[];
    countries: string[];
    programs: string[];
    remarks: string | null;
  }>`select e.entity_id, e.schema, e.names, e.identifiers, e.birth_dates, e.countries, e.programs, e.remarks
      from list_entities e join list_versions v on v.id = e.version_id
      where v.source_id = ${listId} and v.status = 'active'
      ${ids === 'all' ? sql`` : sql`and e.entity_id in (${sql.join(ids.length ? ids : [''])})`}`.execute(deps.db);
  return rows.rows.map((r) => ({
    id: r.entity_id,
    listId,
    schema: r.schema as ListEntity['schema'],
    names: r.names,
    identifiers: r.identifiers,
    birthDates: r.birth_dates,
    countries: r.countries,
    programs: r.programs,
    remarks: r.remarks ?? undefined,
  }));
}
