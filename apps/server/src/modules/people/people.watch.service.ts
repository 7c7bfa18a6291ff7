import { PEP_STATUSES, type PepStatus, pepStatusOn } from '@regcheck/shared';
import { withSystem } from '../../db/tenant';
import type { AppDeps } from '../../plugins/context';
import { MASKED_CPF, today } from './people.register.service';
import * as repo from './people.repo';

/*
 * The register as the watcher follows it (vigilancia): who entered it, whose PEP status changed, and which PEPs left
 * office and stop being PEP soon. Read only; the vigilancia module adds the companies holding each person.
 */

export type WatchKind = 'new' | 'expiring' | 'changed';

export interface WatchedPerson {
  personId: string;
  name: string;
  dni: string;
  /** the document as a ficha would hold it; null when the register has it masked */
  wholeDni: string | null;
  country: string;
  pepLevel: 1 | 2;
  position: string | null;
  institution: string | null;
  officeEnd: string | null;
  pepExpiration: string | null;
  pepStatus: PepStatus;
  fromStatus: PepStatus | null;
  toStatus: PepStatus;
  changedAt: string;
  daysLeft: number | null;
}

const asStatus = (s: string | null): PepStatus | null =>
  s && (PEP_STATUSES as readonly string[]).includes(s) ? (s as PepStatus) : null;
const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** The window of a question: the last `days` days (new, changed) or the next `days` days (expiring). */
export function windowOf(kind: WatchKind, days: number | undefined, now = new Date()) {
  const t = now.toISOString().slice(0, 10);
  if (kind === 'expiring') {
    const until = new Date(Date.parse(t) + (days ?? 90) * DAY).toISOString().slice(0, 10);
    return { from: t, to: until };
  }
  const from = new Date(Date.parse(t) - (days ?? 30) * DAY).toISOString().slice(0, 10);
  return { from, to: t };
}

/** The people of one question, a page at a time, with the count. */
export async function watchedPeople(
  deps: AppDeps,
  kind: WatchKind,
  days: number | undefined,
  country: string | undefined,
  limit: number,
  skip: number,
) {
  const w = windowOf(kind, days);
  const t = today();
  // whole days in UTC: the end day is included
  const from = new Date(`${w.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${w.to}T00:00:00Z`) + DAY);
  return withSystem(deps.db, async (trx) => {
    if (kind === 'expiring') {
      const rows = await repo.expiring(trx, w.from, w.to, country, limit, skip);
      const count = await repo.countExpiring(trx, w.from, w.to, country);
      return {
        ...w,
        count,
        data: rows.map((r): WatchedPerson => {
          const status = pepStatusOn({ isActive: true, pepExpiration: r.pepExpiration, pepLevel: r.pepLevel }, t);
          return {
            ...base(r),
            pepStatus: status,
            fromStatus: null,
            toStatus: status,
            changedAt: new Date(r.updatedAt).toISOString(),
            daysLeft: r.pepExpiration ? daysBetween(t, r.pepExpiration) : null,
          };
        }),
      };
    }
    const rows =
      kind === 'new'
        ? await repo.entered(trx, from, to, country, limit, skip)
        : await repo.changed(trx, from, to, country, limit, skip);
    const count =
      kind === 'new'
        ? await repo.countEntered(trx, from, to, country)
        : await repo.countChanged(trx, from, to, country);
    return {
      ...w,
      count,
      data: rows.map(
        (r): WatchedPerson => ({
          ...base(r),
          pepStatus: asStatus(r.registerStatus) ?? 'deactivated',
          fromStatus: asStatus(r.fromStatus),
          toStatus: asStatus(r.toStatus) ?? 'deactivated',
          changedAt: new Date(r.changedAt).toISOString(),
          daysLeft: r.pepExpiration && r.pepExpiration >= t ? daysBetween(t, r.pepExpiration) : null,
        }),
      ),
    };
  });
}

function base(r: {
  id: string;
  name: string;
  dni: string;
  country: string;
  pepLevel: 1 | 2;
  position: string | null;
  institution: string | null;
  officeEnd: string | null;
  pepExpiration: string | null;
  documentType?: string;
}) {
  return {
    personId: r.id,
    name: r.name,
    dni: r.dni,
    wholeDni: r.documentType === MASKED_CPF ? null : r.dni,
    country: r.country,
    pepLevel: r.pepLevel,
    position: r.position,
    institution: r.institution,
    officeEnd: r.officeEnd,
    pepExpiration: r.pepExpiration,
  };
}

/** The figures of the watcher's summary: new, expiring and changed in their default windows, and PEPs today. */
export async function watchSummary(deps: AppDeps) {
  const n = windowOf('new', undefined);
  const e = windowOf('expiring', undefined);
  const from = new Date(`${n.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${n.to}T00:00:00Z`) + DAY);
  return withSystem(deps.db, async (trx) => ({
    newPeps: await repo.countEntered(trx, from, to, undefined),
    expiring: await repo.countExpiring(trx, e.from, e.to, undefined),
    changed: await repo.countChanged(trx, from, to, undefined),
    inRegister: await repo.countInRegister(trx),
  }));
}
