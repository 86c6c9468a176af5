export {
  countManagedWorkspaces,
  findActiveWorkspaces,
  isActiveSql,
  standingSql,
} from './workspaces.repository.ts';
export { workspacesRoutes } from './workspaces.routes.ts';
export { pipelineCounts, type PipelineCounts } from './workspaces.service.ts';
