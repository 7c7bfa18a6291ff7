import type { ListEntity } from '@regcheck/screening';
import type { Executor } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import { startedState } from './lists.index';
import * as repo from './lists.repo';

/*
 * A screening list whose entries another module keeps (the PEP register of the people module): the entries are
 * written in that module's transaction, beside the change that causes them, and the index of this process is told
 * after the commit. The list has one active version (created by its migration), never imported from a file.
 */

/** The PEP register as a screening list: the people who are PEP today (kind pep). */
export const PEP_REGISTER_LIST = 'pep-register';

/** What changed in a kept list, to tell the index once the transaction has committed. */
export interface KeptListChange {
  listId: string;
  revision: number;
  upserts: ListEntity[];
  removedIds: string[];
}

async function keptVersion(ex: Executor, listId: string) {
  const v = await repo.activeVersion(ex, listId);
  if (v) return v;
  if (!(await repo.findSource(ex, listId))) throw new AppError('LIST_NOT_FOUND');
  return repo.insertVersion(ex, {
    sourceId: listId,
    label: 'RegCheck',
    format: 'manual',
    origin: 'manual',
    checksum: null,
    createdBy: null,
    status: 'active',
  });
}

/**
 * Writes entries into a kept list and removes others, in the caller's transaction: the version's count is set from
 * what it holds and the list's revision moves (other processes reload it). Null when there was nothing to change.
 */
export async function writeKeptEntries(
  ex: Executor,
  listId: string,
  upserts: ListEntity[],
  removedIds: string[],
): Promise<KeptListChange | null> {
  if (!upserts.length && !removedIds.length) return null;
  const v = await keptVersion(ex, listId);
  let delta = 0;
  for (const e of upserts) {
    if (!(await repo.findEntity(ex, v.id, e.id))) delta++;
    await repo.upsertEntity(ex, v.id, e);
  }
  for (const id of removedIds) delta -= Number((await repo.deleteEntity(ex, v.id, id)).numDeletedRows);
  if (delta) await repo.setEntityCount(ex, v.id, delta);
  const revision = await repo.bumpRevision(ex, listId);
  return { listId, revision, upserts, removedIds };
}

/**
 * Replaces every entry of a kept list (a resynchronisation: the register and the list disagreed), in the caller's
 * transaction. Answers how many entries it holds now.
 */
export async function replaceKeptEntries(ex: Executor, listId: string, entities: ListEntity[]) {
  const v = await keptVersion(ex, listId);
  await repo.deleteVersionEntities(ex, v.id);
  await repo.insertEntities(ex, v.id, entities);
  await repo.setEntityCountTo(ex, v.id, entities.length);
  await repo.bumpRevision(ex, listId);
  return entities.length;
}

/** The number of entries a kept list holds (to see whether it is in step). */
export async function keptEntryCount(ex: Executor, listId: string) {
  const v = await repo.activeVersion(ex, listId);
  return v ? repo.countEntities(ex, v.id) : 0;
}

/**
 * Several committed changes of one list as one (the latest revision; an entry's last write wins), so that the index
 * is told once: a gap in the revisions makes it reload the list whole, once.
 */
export function mergeKeptChanges(changes: (KeptListChange | null)[]): KeptListChange | null {
  const real = changes.filter((c): c is KeptListChange => c !== null);
  const last = real.at(-1);
  if (!last) return null;
  const upserts = new Map<string, ListEntity>();
  const removed = new Set<string>();
  for (const c of real) {
    for (const e of c.upserts) {
      upserts.set(e.id, e);
      removed.delete(e.id);
    }
    for (const id of c.removedIds) {
      removed.add(id);
      upserts.delete(id);
    }
  }
  return { listId: last.listId, revision: last.revision, upserts: [...upserts.values()], removedIds: [...removed] };
}

/**
 * Tells the index of this process about committed changes (the other processes follow through the revision poll);
 * the list's change listeners (monitoring) hear of the changed entries once.
 */
export async function keptEntriesChanged(changes: (KeptListChange | null)[]) {
  for (const c of changes)
    if (c) await startedState()?.applyEntityChange(c.listId, c.revision, c.upserts, c.removedIds);
}

/** Reloads a kept list in this process after a whole replacement. */
export async function keptListReplaced(listId: string) {
  await startedState()?.reloadList(listId);
}
