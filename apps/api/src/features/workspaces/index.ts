export { managedOpportunity } from './workspace-access.ts';
export { isActiveSql } from './workspaces.repository.ts';
export { workspacesRoutes } from './workspaces.routes.ts';
