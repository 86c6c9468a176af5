export { managedOpportunity } from './workspace-access.ts';
export {
  activeSql,
  countManagedWorkspaces,
  findActiveWorkspaces,
} from './workspaces.repository.ts';
