// The entry of the bulk-load parser's worker thread (bulk-loads.reader.ts starts it). The server runs TypeScript
// through tsx, which a worker thread does not inherit when the server registered it at run time (`npm start`) or
// runs under vitest, so the parser is loaded here through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./bulk-loads.parse.worker.ts', import.meta.url);
