// The face of the webhooks module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { webhooksModule } from './webhooks.module';
export { deliverWebhookEvent } from './webhooks.service';
