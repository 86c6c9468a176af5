// Who may see or do what on the client side, in one place: every feature asks here.
//   clientScopeOf(db, actor)            the client's organization and primary flag (403 otherwise)
//   requirePrimary(scope, action)       primary-only acts (403 with the reason)
//   managedOpportunity(db, scope, id)   an opportunity the client manages (404 otherwise)
//   applicationsManagedBy(db, scope)    SQL on `applications`: those of managed opportunities
//   listedAsManager(db, scope)          SQL on `opportunities`: those the client manages
//   managersOfOpportunity(db, id)       the client users who manage it (who hear of its changes)
//   managedOpportunitiesSql(scope)      the managed opportunities' ids as a plain SQL select
export {
  applicationsManagedBy,
  listedAsManager,
  managedOpportunitiesSql,
  managersOfOpportunity,
} from './access.repository.ts';
export { clientScopeOf, requirePrimary, type ClientScope } from './client-scope.ts';
export { managedOpportunity } from './managed-opportunity.ts';
//   issueGuestLink / openGuestLink      a link for someone without an account (token hashed at rest)
export {
  issueGuestLink,
  linkClosed,
  openGuestLink,
  revokeGuestLinks,
  type GuestLinkPurpose,
} from './guest-links.ts';
