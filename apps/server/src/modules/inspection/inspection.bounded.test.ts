import { translate } from '@regcheck/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cnpj, rut } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';
import { customerFile } from '../../../test/inspection-fixtures';

/*
 * The customer's file of a ficha with a long life (issue 28, point 3; decision 270): the PDF prints the latest 200
 * entries of each long list and says in the company's language how many earlier ones only the JSON holds; the JSON
 * holds them all.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const OPERATIONS = 450;
const SCREENINGS = 320;

/** A ficha of `company` with OPERATIONS operations and SCREENINGS screening rows in its history (set up in SQL). */
async function longFicha(
  company: 'cl' | 'br',
  payload: Record<string, unknown>,
  before?: (fichaId: string) => Promise<void>,
) {
  const created = await t.post({ as: 'admin', company }, '/api/fichas-clientes', payload);
  expect(created.statusCode, created.body).toBe(200);
  const fichaId = created.json().id as string;
  const companyId = t.companies[company];
  await sql`
    with o as (
      insert into operations (company_id, codigo, divisa, amount, cash_amount, includes_cash, transaction_type,
        transaction_date, roe, risk)
      select ${companyId}, 500000 + g, 'USD', 1000 + g, 0, false, 'Compra',
        timestamp '2025-01-01' + (g || ' hours')::interval, false, 'low'
      from generate_series(1, ${OPERATIONS}::int) g returning id)
    insert into operation_associates (company_id, operation_id, position, ficha_id, dni, person_type, currency, monto,
      name, risk)
    select ${companyId}, o.id, 0, ${fichaId}, 'x', 'natural', 'USD', 1000, 'Cliente', 'low' from o`.execute(t.deps.db);
  await sql`
    insert into audit_log (company_id, user_id, action, entity, entity_id, after, created_at)
    select ${companyId}, null, 'ficha.screened', 'ficha', ${fichaId}, jsonb_build_object('total', 0, 'error', false),
      timestamp '2025-06-01' + (g || ' hours')::interval
    from generate_series(1, ${SCREENINGS}::int) g`.execute(t.deps.db);
  await before?.(fichaId);
  return customerFile(t, fichaId, company);
}

describe('the customer’s file of a ficha with hundreds of operations and screenings', () => {
  it('prints the latest 200 of each list and says how many earlier ones the JSON holds; the JSON holds every one', async () => {
    const { text, json } = await longFicha(
      'cl',
      {
        personType: 'natural',
        dni: rut(),
        name: 'Rodrigo',
        fatherName: 'Muchas Operaciones',
      },
      async (fichaId) => {
        // a periodic review with its outcome (issue 28: "periodic reviews with their outcomes")
        const review = await t.post('admin', `/api/fichas-clientes/${fichaId}/reviews`, {
          checked: 'Documentos y listas revisados con el cliente',
          outcome: 'noChanges',
        });
        expect(review.statusCode, review.body).toBe(200);
      },
    );
    // the JSON: every operation, every screening, every history row
    expect(json.sections.operations).toHaveLength(OPERATIONS);
    // the screenings inserted and the one made when the ficha was created
    expect(json.sections.screenings.history).toHaveLength(SCREENINGS + 1);
    expect(json.sections.auditTrail.length).toBeGreaterThan(SCREENINGS);
    // the PDF: the latest 200 operations (the newest is 500450, the oldest printed 500251), the others counted
    expect(text).toContain(
      `Se muestran los 200 más recientes; los ${OPERATIONS - 200} anteriores están en el archivo JSON del zip.`,
    );
    const printed = [...text.matchAll(/Operación (5\d{5})/g)].map((m) => Number(m[1]));
    expect(printed).toHaveLength(200);
    expect(Math.min(...printed)).toBe(500_000 + OPERATIONS - 199);
    expect(Math.max(...printed)).toBe(500_000 + OPERATIONS);
    // the review, with what was checked and its outcome in words
    expect(text).toContain('Qué se revisó: Documentos y listas revisados con el cliente');
    expect(text).toContain(`Resultado: ${translate('es', 'fichas:reviews.outcomes.noChanges')}`);
    // the screenings: 321 in the history, 121 of them only in the JSON
    expect(text).toContain(
      `Se muestran los 200 más recientes; los ${SCREENINGS + 1 - 200} anteriores están en el archivo JSON del zip.`,
    );
    // the audit trail: the ficha's creation and upload rows plus the 320 screenings
    const trail = json.sections.auditTrail.length;
    expect(text).toContain(`los ${trail - 200} anteriores están en el archivo JSON del zip.`);
  }, 180_000);

  it('a Brazilian company’s file says it in Portuguese', async () => {
    const { text, json } = await longFicha('br', {
      personType: 'legal',
      dni: cnpj(),
      socialReason: 'Comércio Longo Ltda',
    });
    expect(json.sections.operations).toHaveLength(OPERATIONS);
    expect(text).toContain(
      `Mostram-se os 200 mais recentes; os ${OPERATIONS - 200} anteriores estão no arquivo JSON do zip.`,
    );
  }, 180_000);
});
