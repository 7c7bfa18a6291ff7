import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseCompanyCsv } from './parsers/company.parser';
import { parseFtmJsonl, parseNamesJsonl } from './parsers/ftm.parser';
import { parseOfacCsv } from './parsers/ofac.parser';
import { isBrazilPepHeader, parseBrazilPepCsv } from './parsers/pep-br.parser';
import { parseUnXml } from './parsers/un.parser';
import type { ListEntity } from './types';

export type ListFormat = 'ofac' | 'un' | 'ftm' | 'names-jsonl' | 'pep-br' | 'company-csv';

function listIdFromPath(p: string): string {
  return path
    .basename(p)
    .replace(/\.(ftm\.json|jsonl|json|csv|xml)$/i, '')
    .toLowerCase();
}

/** Recognises the format of a list file or folder from its name and first bytes. */
export function detectFormat(p: string): ListFormat {
  if (statSync(p).isDirectory()) {
    if (existsSync(path.join(p, 'sdn.csv'))) return 'ofac';
    throw new Error(`no sdn.csv in folder ${p}`);
  }
  const base = path.basename(p).toLowerCase();
  if (base === 'sdn.csv') return 'ofac';
  if (base.endsWith('.xml')) return 'un';
  if (base.endsWith('.ftm.json')) return 'ftm';
  const head = readFileSync(p).subarray(0, 4096);
  const text = new TextDecoder('latin1').decode(head);
  if (base.endsWith('.jsonl') || base.endsWith('.json') || text.trimStart().startsWith('{')) {
    const first = text.split('\n', 1)[0] ?? '';
    return /"entity_id"/.test(first) && /"names"/.test(first) ? 'names-jsonl' : 'ftm';
  }
  if (isBrazilPepHeader(text.split(/\r?\n/, 1)[0] ?? '')) return 'pep-br';
  // OFAC sdn.csv without the usual name: no header, first field a number, '-0-' placeholders.
  if (/^\d+,"/.test(text) && text.includes('-0-')) return 'ofac';
  return 'company-csv';
}

/** Loads a list file or folder (format detected); listId defaults to one per format or the file name. */
export function loadListPath(p: string, listId?: string): ListEntity[] {
  const format = detectFormat(p);
  switch (format) {
    case 'ofac': {
      const dir = statSync(p).isDirectory() ? p : path.dirname(p);
      const sdnPath = statSync(p).isDirectory() ? path.join(dir, 'sdn.csv') : p;
      const opt = (f: string) => (existsSync(path.join(dir, f)) ? readFileSync(path.join(dir, f), 'utf8') : undefined);
      const files: { sdn: string; alt?: string; add?: string } = { sdn: readFileSync(sdnPath, 'utf8') };
      const alt = opt('alt.csv');
      const add = opt('add.csv');
      if (alt) files.alt = alt;
      if (add) files.add = add;
      return parseOfacCsv(files, listId ?? 'ofac');
    }
    case 'un':
      return parseUnXml(readFileSync(p, 'utf8'), listId ?? 'onu');
    case 'ftm':
      return parseFtmJsonl(readFileSync(p, 'utf8'), listId ?? listIdFromPath(p));
    case 'names-jsonl':
      return parseNamesJsonl(readFileSync(p, 'utf8'), listId ?? 'ofac');
    case 'pep-br':
      return parseBrazilPepCsv(readFileSync(p), listId ?? 'pep-br');
    case 'company-csv':
      return parseCompanyCsv(readFileSync(p, 'utf8'), listId ?? listIdFromPath(p));
  }
}

/**
 * Loads several list paths; a folder without sdn.csv loads each list file inside it. Two files that would
 * share a list id (say two OFAC versions) get distinct ids ("ofac", "ofac-2") so neither replaces the other.
 */
export function loadLists(paths: string[]): ListEntity[] {
  const files: string[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory() && !existsSync(path.join(p, 'sdn.csv'))) {
      for (const f of readdirSync(p).sort()) {
        const child = path.join(p, f);
        if (statSync(child).isFile()) files.push(child);
      }
    } else files.push(p);
  }
  const out: ListEntity[] = [];
  const used = new Set<string>();
  for (const f of files) {
    const entities = loadListPath(f);
    const ids = new Set(entities.map((e) => e.listId));
    const rename = new Map<string, string>();
    for (const id of ids) {
      let name = id;
      for (let k = 2; used.has(name); k++) name = `${id}-${k}`;
      used.add(name);
      if (name !== id) rename.set(id, name);
    }
    for (const e of entities) {
      const to = rename.get(e.listId);
      out.push(to ? { ...e, listId: to } : e);
    }
  }
  return out;
}
