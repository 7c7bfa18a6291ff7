// The face of the users module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { mayActAsCredential, rolesAssignableBy } from './users.policy';
export { usersRoutes } from './users.routes';
export {
  createApiUser,
  createSetupUser,
  ensureSinglePlaceFree,
  roleOf,
  rolesOf,
  setApiUserActive,
  superAdminExists,
} from './users.service';
