/*
 * Text that PostgreSQL cannot store: a NUL character (text and jsonb refuse it) or a lone UTF-16 surrogate (not a
 * character at all: the driver would store U+FFFD, or the database refuses it). The request hook of
 * plugins/input.ts and the LoopBack filter parser (lib/filter.ts) refuse such input with a 400 naming the field.
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the string holds a NUL character or a lone surrogate. */
export function isUnstorableText(s: string): boolean {
  return s.includes('\u0000') || LONE_SURROGATE.test(s);
}

/**
 * The path (`a.b.0.c`, '' for the value itself) of the first string or object key in `value` that cannot be
 * stored, or null when there is none. Walks without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function unstorableTextPath(value: unknown): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (typeof v === 'string') {
      if (isUnstorableText(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: join(path, String(i)) });
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i] as [string, unknown];
        if (isUnstorableText(k)) return join(path, k);
        stack.push({ v: child, path: join(path, k) });
      }
    }
  }
  return null;
}
