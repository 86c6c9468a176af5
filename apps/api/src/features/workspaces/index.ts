export { managedOpportunity } from './workspace-access.ts';
