// The face of the feature-flags module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { featureFlagsModule } from './feature-flags.module';
export { CONSULTATIONS_RESUME_FLAG, isEnabled } from './feature-flags.service';
