import fs from 'node:fs';
import path from 'node:path';

/**
 * A text of a catalogue the app ships, in a language, with its {{placeholders}} filled (read from the same files the
 * browser loads). The key is `ns:path.to.text`; without a namespace it is the forms catalogue.
 */
export function catalogText(locale: string, key: string, params: Record<string, string | number> = {}): string {
  const [ns, rest] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['forms', key];
  const file = path.join(import.meta.dirname, `../../packages/shared/src/locales/${locale}/${ns}.json`);
  const catalog = JSON.parse(fs.readFileSync(file, 'utf8'));
  const value: unknown = rest
    .split('.')
    .reduce((o: Record<string, unknown> | undefined, k) => o?.[k] as Record<string, unknown> | undefined, catalog);
  if (typeof value !== 'string') throw new Error(`no ${key} in ${locale}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}
