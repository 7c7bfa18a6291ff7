import { formatDocument } from '@regcheck/shared/documents/country-documents';
import type { FormFieldT, FormSubjectT, FormTemplateConfigT, FormTypeT } from '@regcheck/shared/schemas/forms';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { FormRow } from '../../db/tables/forms.tables';
import { beneficialOwnersOf } from '../fichas';
import { findingsOf } from './forms.findings';
import type { ParticipantRow } from './forms.repo';
import * as sRepo from './forms.subject.repo';

/**
 * What a declaration declares and what RegCheck already knows (issue 25 point 2), fixed when the form is made: the
 * operation (number, reference, day, the participant's amount and currency); for a company, the company and its
 * beneficial owners as the ficha's relationships give them (the rule of packages/shared/src/beneficial-owners.ts,
 * the same the beneficiaries view and the risk rating apply); and the answers pre-filled from it, each named so the
 * page can mark it as known.
 */

type Trx = Transaction<Database>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const day = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : null);

export const nameOf = (r: {
  name: string | null;
  fatherName: string | null;
  motherName: string | null;
  socialReason: string | null;
}) => r.socialReason?.trim() || [r.name, r.fatherName, r.motherName].filter((x) => x?.trim()).join(' ');

/** The participant's document as a reader writes it (RUT with dots and dash, CPF and CNPJ with their marks). */
export function documentShown(dni: string, dniType: unknown) {
  const t = json<{ document?: string } | null>(dniType) ?? {};
  return t.document ? formatDocument(t.document, dni) || dni : dni;
}

export interface Subject {
  subject: FormSubjectT;
  data: Record<string, unknown>;
}

/** The subject of a new form and its pre-filled answers. */
export async function subjectOf(
  trx: Trx,
  companyId: string,
  type: FormTypeT,
  p: ParticipantRow,
  template: FormTemplateConfigT,
): Promise<Subject> {
  const [op, ficha] = await Promise.all([
    sRepo.operationFacts(trx, companyId, p.operationId),
    p.fichaId ? sRepo.fichaFacts(trx, companyId, p.fichaId) : Promise.resolve(undefined),
  ]);
  const document = documentShown(p.dni, ficha?.dniType);
  const legal = p.personType === 'legal';
  let owners: FormSubjectT['owners'] = null;
  if (type === 'formBF') {
    owners = [];
    if (ficha) {
      // the rule of the beneficiaries view and the risk rating, with the company's threshold
      const r = await beneficialOwnersOf(trx, companyId, ficha);
      const people = new Map(r.edges.map((e) => [e.relatedFichaId, e]));
      owners = r.owners.flatMap((o) => {
        const e = people.get(o.fichaId);
        if (!e) return [];
        return [
          {
            name: nameOf(e),
            document: documentShown(e.dni, e.dniType),
            participation: o.basis === 'ownership' ? o.participation : null,
          },
        ];
      });
    }
  }
  const subject: FormSubjectT = {
    operation: {
      codigo: op.codigo,
      reference: op.referenceNumber,
      date: day(op.transactionDate ?? op.registrationDate),
      amount: p.monto,
      currency: op.divisa,
    },
    entity: legal ? { name: p.name, document } : null,
    owners,
    prefilled: [],
  };
  const known: Record<string, unknown> = {
    [legal ? 'businessName' : 'fullName']: p.name,
    document,
    email: p.fichaEmail ?? p.email,
    address: ficha?.address,
    // the operation's amount and currency: the declaration states the origin of these funds
    ...(type === 'formDOF' || type === 'formDOFLegal'
      ? { amount: p.monto > 0 ? p.monto : null, currency: op.divisa }
      : {}),
    ...(owners?.length
      ? {
          owners: owners.map((o) => ({
            name: o.name,
            document: o.document,
            ...(o.participation !== null ? { percentage: o.participation } : {}),
          })),
        }
      : {}),
  };
  const data = prefill(template, known);
  subject.prefilled = Object.keys(data);
  return { subject, data };
}

const fits = (f: FormFieldT, v: unknown) =>
  f.type === 'select' || f.type === 'currency' ? (f.options ?? []).some((o) => o.value === v) : true;

/** The known values the template has a field for (a select only when one of its options is the value). */
export function prefill(template: FormTemplateConfigT, known: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of template.sections.flatMap((s) => s.fields)) {
    const v = known[f.key];
    if (v === undefined || v === null || v === '') continue;
    if (f.type === 'table') {
      if (!Array.isArray(v) || v.length === 0) continue;
      const cols = new Set((f.columns ?? []).map((c) => c.key));
      out[f.key] = v.map((row: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(row).filter(([k]) => cols.has(k))),
      );
      continue;
    }
    if (fits(f, v)) out[f.key] = v;
  }
  return out;
}

/** A form's answers checked against the file as it is now (the ficha's PEP status and document). */
export async function findingsForForm(trx: Trx, companyId: string, f: FormRow) {
  const ficha = f.fichaId ? await sRepo.fichaFacts(trx, companyId, f.fichaId) : undefined;
  return findingsOf(f.type, f.subject ?? null, f.data ?? {}, {
    dni: f.dni,
    dniShown: documentShown(f.dni, ficha?.dniType),
    pepStatus: ficha?.pepStatus ?? null,
    signer: f.signer ?? null,
  });
}
