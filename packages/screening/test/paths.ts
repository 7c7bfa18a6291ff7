import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const sharedData = path.resolve(repoRoot, '../shared/data');
export const listsDir = path.join(sharedData, 'lists');
export const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
