import { withTenant } from '../../db/tenant';
import { type AppDeps, inCompany, systemCaller, type TenantCaller } from '../../plugins/context';
import { actAs } from '../auth';
import { chileDate, deadlinesFor } from './allegations.deadlines';
import { fileReport } from './allegations.public';
import * as repo from './allegations.repo';
import * as service from './allegations.service';

/**
 * Demo reports of the Chilean demo company's whistleblowing channel: an anonymous fraud report acknowledged,
 * assigned and answered (with an internal note), an identified Ley Karin report still received, and an old
 * conflict-of-interest report past its acknowledgement deadline. Filed through the real services.
 */
export async function seedDemoAllegations(deps: AppDeps, caller: TenantCaller, now: Date) {
  if (caller.auth.company?.country !== 'CL') return 0;
  const email = caller.auth.user.email.replace(/^admin\./, 'denouncesadmin.');
  const auth = await actAs(deps, email);
  if (!auth) return 0;
  const handler: TenantCaller = { ...inCompany(systemCaller(auth, deps.log)), requestId: 'demo-seed' };
  const visitor = { requestId: 'demo-seed' };
  const base = {
    companyId: caller.companyId,
    captcha: 'demo',
    occurredWhen: null,
    occurredWhere: null,
    involved: null,
    reporterName: null,
    reporterEmail: null,
    reporterPhone: null,
  };
  const fraud = await fileReport(
    deps,
    visitor,
    {
      ...base,
      category: 'fraud',
      description:
        'Un proveedor de transporte factura dos veces los mismos despachos desde enero; las facturas duplicadas las aprueba siempre la misma jefatura.',
      occurredWhen: 'Desde enero de 2026',
      occurredWhere: 'Centro de distribución de Quilicura',
      anonymous: true,
      relationship: 'employee',
    },
    [],
  );
  await fileReport(
    deps,
    visitor,
    {
      ...base,
      category: 'harassment',
      description: 'Mi supervisor me grita y me humilla frente al equipo en las reuniones semanales.',
      anonymous: false,
      reporterName: 'Camila Rojas',
      reporterEmail: 'camila.rojas@example.cl',
      relationship: 'employee',
    },
    [],
  );
  const old = await fileReport(
    deps,
    visitor,
    {
      ...base,
      category: 'conflictOfInterest',
      description: 'El encargado de compras adjudicó un contrato de aseo a la empresa de su cuñado.',
      anonymous: true,
      relationship: 'supplier',
    },
    [],
  );
  const idOf = (code: string) =>
    withTenant(
      deps.db,
      caller.companyId,
      async (trx) => (await repo.findByCode(trx, caller.companyId, code))?.id ?? '',
    );
  const fraudId = await idOf(fraud.id_denuncia);
  await service.patch(deps, handler, fraudId, { status: 'acknowledged', reason: 'Se acusa recibo al denunciante.' });
  await service.assign(deps, handler, fraudId, handler.auth.userId);
  await service.sendMessage(
    deps,
    handler,
    fraudId,
    'Gracias por su denuncia. ¿Puede indicar los números de las facturas duplicadas?',
  );
  await service.addNote(deps, handler, fraudId, 'Revisar pagos a transportes del primer trimestre con Finanzas.');
  const oldId = await idOf(old.id_denuncia);
  const filed = new Date(now.getTime() - 20 * 86_400_000);
  await withTenant(deps.db, caller.companyId, (trx) =>
    repo.backdate(trx, caller.companyId, oldId, { createdAt: filed, ...deadlinesFor(chileDate(filed), false) }),
  );
  return 3;
}
