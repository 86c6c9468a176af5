export { apiKeyUsePlugin } from './api-keys.plugin.ts';
export { apiKeysJobs } from './api-keys.jobs.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
export { createApiKeysService, type ApiKeysService } from './api-keys.service.ts';
export { keyAnnotations, keyOperations, keyRuleOf, operationPath } from './key-operations.ts';
export { createRequestLog, type RequestLog } from './request-log.ts';
