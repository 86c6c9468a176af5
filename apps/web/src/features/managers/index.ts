// What other features use of the managers feature: the signed-in client user's organization,
// primary flag and active workspaces (the drawer reads them). The page imports its view itself.
export { useClientMe } from './api/get-client-me';
export { useClients } from './api/get-clients';
