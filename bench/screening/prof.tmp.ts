import path from 'node:path';
import { createIndex, type ListEntity, type ScreeningQuery } from '../../packages/screening/src/index';
import { loadListPath } from '../../packages/screening/src/lists.load';
import { latinCompany, latinPerson, type Perturbation, perturb, pick, rng } from '../../packages/screening/test/synth';

const data = '/work/shared/data/lists';
const real = [
  ...loadListPath(path.join(data, 'ofac-sdn-2024-05-03')),
  ...loadListPath(path.join(data, 'un/consolidated-2026-02-27.xml')),
];
const r = rng(7);
const personTokens: string[] = [];
const orgTokens: string[] = [];
for (const e of real)
  for (const n of e.names) {
    const w = n.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
    (e.schema === 'Person' ? personTokens : orgTokens).push(...w);
  }
const out: ListEntity[] = [...real];
let names = 22632;
let id = 0;
while (names < 450000) {
  const p = r() < 0.7;
  const pool = p ? personTokens : orgTokens;
  const len = 2 + Math.floor(r() * 3);
  const w: string[] = [];
  for (let k = 0; k < len; k++) w.push(pick(r, pool));
  const list = [w.join(' ')];
  const a = Math.floor(r() * 2.2);
  for (let k = 0; k < a; k++)
    list.push(perturb(r, list[0] as string, pick(r, ['typo', 'variant', 'drop', 'reorder'] as Perturbation[])));
  out.push({ id: `s${id++}`, listId: 'syn', schema: p ? 'Person' : 'Organization', names: list });
  names += list.length;
}
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let t = cpu();
const index = createIndex(out);
console.log('build', cpu() - t);
const q: ScreeningQuery[] = [];
const r2 = rng(2);
for (let i = 0; i < 4000; i++) {
  if (i % 2 === 0) {
    const e = pick(r2, out);
    q.push({
      name: perturb(r2, pick(r2, e.names), pick(r2, ['typo', 'reorder', 'drop', 'variant', 'case'] as Perturbation[])),
      schema: e.schema === 'Person' ? 'Person' : 'Unknown',
    });
  } else
    q.push(r2() < 0.8 ? { name: latinPerson(r2), schema: 'Person' } : { name: latinCompany(r2), schema: 'Company' });
}
t = cpu();
for (const x of q) index.search(x, { limit: 5 });
console.log('queries', cpu() - t);
