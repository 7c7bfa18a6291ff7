import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { withSystem } from '../../db/tenant';
import { fichasByDniKeysQuery } from './fichas.pep.repo';

/*
 * Issue 24, open point 3 (decision 192): a change of the PEP register looks up the fichas, in every company, whose
 * document key is a changed person's. The lookup runs as the job runs it (system work, once for all companies) and
 * must find its rows through the document-key index, not by reading every ficha. Sequential scans are switched off
 * for the statement, so the plan shows whether an index can answer the document key itself (without the index the
 * plan is a sequential scan, or a full index scan with the key as a filter).
 */

const t = useTestApp();

describe('the fichas of a register change are found by index', () => {
  it('the document-key lookup uses fichas_dni_key_idx with the key in its index condition', async () => {
    const plan = await withSystem(t.deps.db, async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await fichasByDniKeysQuery(trx, ['123456785', '98765432K']).explain();
      return rows.map((r) => String(Object.values(r)[0])).join('\n');
    });
    expect(plan, plan).toContain('fichas_dni_key_idx');
    const cond = plan.split('\n').find((l) => /Index Cond/.test(l)) ?? '';
    expect(cond, plan).toMatch(/regexp_replace/);
  });
});
