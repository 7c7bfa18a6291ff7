// Which statements a benchmark spends its time in, and which of them get dearer as the run goes on (a statement whose
// time grows with the tables is a missing index or a scan): a Kysely plugin that times every statement from its
// compilation to its result, keyed by its SQL text (the values are parameters, so one key per statement shape).
// A bench turns it on with PROFILE=1 (bench:bulk) and prints `report()` at the end.
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresQueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

type Call = { at: number; ms: number };

/**
 * A statement's shape: its SQL with the parameters' numbers taken out and a list of them (`in ($2, $3, $4)`) or of
 * rows of them (`values ($1, $2), ($3, $4)`) written once, so that a batch statement is one shape whatever its size.
 */
export function shapeOf(sql: string) {
  const param = String.raw`\$(?:::[a-z]+)?`;
  const list = new RegExp(`${param}(?:, ${param})+`, 'g');
  const rows = new RegExp(String.raw`\(${param}(?:, …)?\)(?:, \(${param}(?:, …)?\))+`, 'g');
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '$')
    .replace(list, (m) => `${m.slice(0, m.indexOf(','))}, …`)
    .replace(rows, (m) => `${m.slice(0, m.indexOf(')') + 1)}, …`);
}

export class QueryProfile implements KyselyPlugin {
  private readonly compiler = new PostgresQueryCompiler();
  private readonly open = new WeakMap<object, { sql: string; t0: number }>();
  private readonly calls = new Map<string, Call[]>();
  private readonly start = performance.now();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const sql = shapeOf(this.compiler.compileQuery(args.node, args.queryId).sql);
    this.open.set(args.queryId, { sql, t0: performance.now() });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const o = this.open.get(args.queryId);
    if (o) {
      const now = performance.now();
      const list = this.calls.get(o.sql) ?? [];
      list.push({ at: now - this.start, ms: now - o.t0 });
      this.calls.set(o.sql, list);
    }
    return args.result;
  }

  /**
   * The statements with the most time, each with its calls, total, and mean time in the first and last fifth of the
   * run (by wall time): a last/first ratio well over 1 marks a statement that grows with the data.
   */
  report(top = 20): string {
    const span = performance.now() - this.start;
    const mean = (xs: Call[]) => (xs.length ? xs.reduce((s, c) => s + c.ms, 0) / xs.length : Number.NaN);
    const rows = [...this.calls].map(([sql, calls]) => {
      const total = calls.reduce((s, c) => s + c.ms, 0);
      const first = mean(calls.filter((c) => c.at < span / 5));
      const last = mean(calls.filter((c) => c.at > (span * 4) / 5));
      return { sql, n: calls.length, total, first, last };
    });
    rows.sort((a, b) => b.total - a.total);
    const all = rows.reduce((s, r) => s + r.total, 0);
    const calls = rows.reduce((s, r) => s + r.n, 0);
    const lines = [
      `statements: ${calls} in ${rows.length} shapes, ${Math.round(all)} ms in all over ${Math.round(span)} ms`,
    ];
    for (const r of rows.slice(0, top)) {
      lines.push(
        `${Math.round(r.total).toString().padStart(8)} ms ${r.n.toString().padStart(8)} calls  mean first ${r.first.toFixed(2)} ms, last ${r.last.toFixed(2)} ms (x${(r.last / r.first).toFixed(1)})  ${r.sql.slice(0, 260)}`,
      );
    }
    return lines.join('\n');
  }
}
