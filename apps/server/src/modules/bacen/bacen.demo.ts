import type { AppDeps, TenantCaller } from '../../plugins/context';
import { create } from './bacen.service';

/** Two demo fraud-indication records for a Brazilian demo company: one on time, one registered late. */
export async function seedDemoBacen(deps: AppDeps, caller: TenantCaller, now: Date): Promise<void> {
  if (caller.auth.company?.country !== 'BR') return;
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  await create(
    deps,
    caller,
    {
      suspectName: 'Carlos Pereira Lima',
      suspectDocument: '529.982.247-25',
      description: 'Transferência Pix logo após alteração de senha por canal não reconhecido pelo cliente.',
      registeringInstitution: 'Banco Demo S.A.',
      operationType: 'pix',
      destination: {
        institution: 'Banco Exemplo',
        branch: '0001',
        account: '123456-7',
        holder: 'Conta de Passagem Ltda',
        holderDocument: '44.038.188/0001-32',
        pixKey: 'pagamentos@exemplo.com.br',
      },
      consent: true,
      identifiedAt: hoursAgo(5),
    },
    now,
  );
  await create(
    deps,
    caller,
    {
      suspectName: null,
      suspectDocument: null,
      description: 'Tentativa de abertura de conta com documento de terceiro.',
      registeringInstitution: 'Banco Demo S.A.',
      operationType: 'other',
      destination: null,
      consent: true,
      identifiedAt: hoursAgo(40),
    },
    now,
  );
}
