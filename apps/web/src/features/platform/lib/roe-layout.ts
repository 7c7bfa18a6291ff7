import { RoeLayout, type RoeLayoutT, roeLayoutCrossProblems } from '@regcheck/shared/schemas/roe-layout';

/** Every problem of a layout at once, by field path ('columns.1.header'), checked with the server's own schema. */
export function layoutProblems(layout: RoeLayoutT): Record<string, string> {
  const r = RoeLayout.safeParse(layout);
  if (r.success) return {};
  const out: Record<string, string> = {};
  // the cross-field checks run even where a field failed its own (the schema's refinement then does not)
  for (const p of roeLayoutCrossProblems(layout)) out[p.path.join('.')] = p.message;
  for (const issue of r.error.issues) {
    const key = issue.path.join('.');
    if (out[key]) continue;
    // a code table's bad key (a currency or a country not written as its code) carries its own message inside
    const inner = issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined;
    const message = [issue.message, inner].find((m) => m && /^[a-zA-Z-]+:[\w.]+$/.test(m));
    out[key] = message ?? 'platform:roeLayout.errors.invalid';
  }
  return out;
}
