import { FichaCreateBody, OperationCreateBody, RelationshipCreateBody } from '@regcheck/shared';
import { DEMO_COMPANIES, demoEmail } from '../bootstrap';
import { seedDemoAllegations } from '../modules/allegations';
import { actAs, actAsPlatformUser } from '../modules/auth';
import { seedDemoBacen } from '../modules/bacen';
import * as fichas from '../modules/fichas';
import * as notifications from '../modules/monitoring';
import { createOperation, finishOperation } from '../modules/operations';
import { seedDemoPeople } from '../modules/people';
import { seedDemoProviders } from '../modules/providers';
import * as relationships from '../modules/relationships';
import { seedDemoNews } from '../modules/reports';
import { type AppDeps, type Caller, inCompany, systemCaller, type TenantCaller } from '../plugins/context';
import { DEMO_DATA, type DemoData, type OperationInput } from './demo-data';

export { BRAZIL, CHILE, cnpj, cpf, rut } from './demo-data';

/**
 * The company's demo administrator as the caller of the seeding services (validation, screening, risk and audit
 * apply as for a person); the audit rows carry the request id `demo-seed`, so a reader sees where they came from.
 */
async function adminCaller(deps: AppDeps, companyKey: string): Promise<TenantCaller> {
  const auth = await actAs(deps, demoEmail('admin', companyKey));
  if (!auth) throw new Error(`demo administrator of ${companyKey} not found`);
  return { ...inCompany(systemCaller(auth, deps.log)), requestId: 'demo-seed' };
}

const day = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export interface DemoSeedReport {
  /** people of the PEP register */
  people: number;
  companies: { key: string; fichas: number; relationships: number; operations: number; notifications: number }[];
  ms: number;
}

async function seedCompany(deps: AppDeps, companyKey: string, data: DemoData, now: Date) {
  const caller = await adminCaller(deps, companyKey);
  const ids = new Map<string, { id: string; dni: string; type: 'natural' | 'legal' }>();
  for (const p of data.people) {
    const row = await fichas.create(deps, caller, FichaCreateBody.parse(p.ficha));
    ids.set(p.key, { id: row.id, dni: row.dni, type: row.personType });
  }
  const idOf = (key: string) => {
    const f = ids.get(key);
    if (!f) throw new Error(`demo seed: unknown person ${key}`);
    return f;
  };
  for (const r of data.relations) {
    await relationships.create(
      deps,
      caller,
      RelationshipCreateBody.parse({
        fichaId: idOf(r.ficha).id,
        relatedFichaId: idOf(r.related).id,
        relationType: r.relationType,
        participation: r.participation,
      }),
    );
  }
  const notified = await matchNotifications(deps, caller);
  await seedDemoProviders(deps, caller);
  await seedDemoBacen(deps, caller, now);
  await seedDemoAllegations(deps, caller, now);
  for (const op of data.operations) {
    const body: OperationInput = {
      divisa: op.divisa,
      transactionType: op.transactionType,
      transactionDate: day(now, op.daysAgo),
      referenceNumber: op.referenceNumber,
      transactionComments: op.comments,
      tags: op.tags?.map((name) => ({ name })),
      ros: op.ros ? true : undefined,
      rosReason: op.ros,
      associates: op.participants.map((p) => {
        const f = idOf(p.key);
        return { dni: f.dni, type: f.type, fichaId: f.id, monto: p.monto, efective: p.efective ?? 0 };
      }),
    };
    const created = await createOperation(deps, caller, OperationCreateBody.parse(body));
    if (op.finish) await finishOperation(deps, caller, created.id);
  }
  return {
    key: companyKey,
    fichas: data.people.length,
    relationships: data.relations.length,
    operations: data.operations.length,
    notifications: notified,
  };
}

/** The list matches the demo customers raised when they were created (as any new match does). */
async function matchNotifications(deps: AppDeps, caller: TenantCaller): Promise<number> {
  return notifications.count(deps, caller, JSON.stringify({ kind: 'monitoring.match' }));
}

/**
 * Demo customers for the two demo companies, created through the real services as each company's demo administrator
 * (validation, screening, risk and audit apply): fichas with related persons, operations (one finished, one with
 * cash above the ROE threshold, one marked ROS) and a sanctions match. Called once, right after the first start
 * created the demo accounts on an empty database; deterministic (dates relative to `now`).
 */
export async function seedDemo(deps: AppDeps, now = new Date()): Promise<DemoSeedReport> {
  const t0 = Date.now();
  // the PEP register first: the demo customers are screened against it when they are created
  const admin = await actAsPlatformUser(deps, { email: deps.config.adminEmail ?? 'admin@regcheck.local' });
  const people = admin
    ? await seedDemoPeople(deps, { ...systemCaller(admin, deps.log), requestId: 'demo-seed' } satisfies Caller, now)
    : 0;
  const companies = [];
  for (const c of DEMO_COMPANIES) {
    const data = DEMO_DATA[c.key];
    if (data) companies.push(await seedCompany(deps, c.key, data, now));
  }
  await seedDemoNews(deps, now);
  return { people, companies, ms: Date.now() - t0 };
}
