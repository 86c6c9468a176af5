export { countManagedWorkspaces, findActiveWorkspaces } from './workspaces.repository.ts';
export { isActiveWorkspaceSql, standingOfSql } from './workspaces.sql.ts';
export { workspacesRoutes } from './workspaces.routes.ts';
export { pipelineCounts, type PipelineCounts } from './workspaces.service.ts';
