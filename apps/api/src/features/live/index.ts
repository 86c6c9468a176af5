export { liveRoutes } from './live.routes.ts';
export { publish, publishSessionsChanged } from './live.bus.ts';
