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
    out[key] = /^[a-zA-Z-]+:[\w.]+$/.test(issue.message) ? issue.message : 'platform:roeLayout.errors.invalid';
  }
  return out;
}
