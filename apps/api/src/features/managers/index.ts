export { clientScopeOf, requirePrimary, type ClientScope } from './client-scope.ts';
