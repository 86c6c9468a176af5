export { isActiveWorkspaceSql, standingOfSql } from './workspaces.sql.ts';
export { workspacesRoutes } from './workspaces.routes.ts';
export {
  activeWorkspacesOf,
  countManagedWorkspaces,
  pipelineCounts,
  type PipelineCounts,
} from './workspaces.service.ts';
