export { webhooksRoutes } from './webhooks.routes.ts';
export { webhooksJobs, sweepClosings } from './webhooks.jobs.ts';
export { startDispatcher, type Dispatcher } from './webhooks.delivery.ts';
export {
  emitWebhooks,
  emitInterviewWebhook,
  emitOpportunityChange,
  opportunityChangeEvents,
} from './webhooks.outbox.ts';
export { webhooksOpenApi } from './webhooks.openapi.ts';
