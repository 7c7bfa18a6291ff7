// The face of the risk module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { riskModule } from './risk.module';
export { computeRisk, configurationOf, listKind, matchedLists, maxRisk } from './risk.service';
