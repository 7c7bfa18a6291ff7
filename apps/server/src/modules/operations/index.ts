// The face of the operations module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { type FormStatusesAnswer, refreshFormSnapshot } from './operations.events';
export { finishOperation } from './operations.lifecycle';
export { operationsModule } from './operations.module';
export { assertOperationOf } from './operations.queries';
export { type RoeOperation, type RoePending, type RoePeriod, roePeriod } from './operations.roe';
export { createOperation } from './operations.service';
