export { pipelineRoutes } from './pipeline.routes.ts';
