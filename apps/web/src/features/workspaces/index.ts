// The workspaces feature's public API: a client's opportunities, and one opportunity's tabs.
export { WorkspaceList } from './components/workspace-list';
export { WorkspacePage } from './components/workspace-page';
export { workspaceKeys, useWorkspace, useWorkspaceManagers, useWorkspaces } from './api/workspaces';
export type { WorkspaceTab } from './components/workspace-tabs';
