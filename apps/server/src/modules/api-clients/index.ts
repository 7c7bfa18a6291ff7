// The face of the api-clients module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { apiClientsRoutes } from './api-clients.routes';
export { refusedClientRole } from './api-clients.service';
