import {
  accessOfMethod,
  describeRule,
  type ApiKeyAccess,
  type ApiKeyArea,
  type ApiKeyRule,
} from '@pathways/shared/api-keys/api-keys.rules';

import { allows, type Access } from '../../plugins/access.ts';

/**
 * What each client operation needs of an API key: its area, and `read` or `write` when the
 * method alone would say otherwise (a POST that only reads, say); `null` where a key may never
 * call it (the caller's own account and settings, the organization's users and profile, chats,
 * the keys themselves). An operation not listed here refuses keys, and a test over the API
 * document fails for every client operation (one a client user may call, other than a public
 * one) that is not listed, so none is left undecided.
 * Keys are written as in the API document: `METHOD /path/{param}`.
 */
export const keyOperations: Readonly<
  Record<string, ApiKeyArea | { area: ApiKeyArea; access: ApiKeyAccess } | null>
> = {
  // Opportunities: the workspaces, their places, phases, requirements and questions.
  'GET /api/client/opportunities': 'opportunities',
  'POST /api/client/opportunities': 'opportunities',
  'GET /api/client/opportunities/{id}': 'opportunities',
  'PATCH /api/client/opportunities/{id}': 'opportunities',
  'GET /api/client/opportunities/{id}/counts': 'opportunities',
  'POST /api/client/opportunities/{id}/locations': 'opportunities',
  'PATCH /api/client/opportunities/{id}/locations/{locId}': 'opportunities',
  'DELETE /api/client/opportunities/{id}/locations/{locId}': 'opportunities',
  'GET /api/client/opportunities/{id}/managers': 'opportunities',
  'PUT /api/client/opportunities/{id}/managers': 'opportunities',
  'GET /api/client/opportunities/{id}/phases': 'opportunities',
  'POST /api/client/opportunities/{id}/phases': 'opportunities',
  'PUT /api/client/opportunities/{id}/phases/order': 'opportunities',
  'PATCH /api/client/opportunities/{id}/phases/{phaseId}': 'opportunities',
  'DELETE /api/client/opportunities/{id}/phases/{phaseId}': 'opportunities',
  'GET /api/client/opportunities/{id}/requirements': 'opportunities',
  'PUT /api/client/opportunities/{id}/requirements': 'opportunities',
  'POST /api/client/opportunities/{id}/requirements/preview': {
    area: 'opportunities',
    access: 'read',
  },
  'GET /api/client/opportunities/{id}/screening_questions': 'opportunities',
  'POST /api/client/opportunities/{id}/screening_questions': 'opportunities',
  'PUT /api/client/opportunities/{id}/screening_questions/order': 'opportunities',
  'PATCH /api/client/opportunities/{id}/screening_questions/{questionId}': 'opportunities',
  'DELETE /api/client/opportunities/{id}/screening_questions/{questionId}': 'opportunities',
  'GET /api/client/opportunities/{id}/interview_settings': 'opportunities',
  'PUT /api/client/opportunities/{id}/interview_settings': 'opportunities',

  // Applications: the tracker, the pipeline, screening, interviews, feedback and bundles.
  'GET /api/client/applications': 'applications',
  'GET /api/client/applications/list': 'applications',
  'GET /api/client/applications/ids': 'applications',
  'GET /api/client/opportunities/{id}/applications': 'applications',
  'GET /api/client/opportunities/{id}/applications/list': 'applications',
  'GET /api/client/opportunities/{id}/applications/ids': 'applications',
  'GET /api/client/opportunities/{id}/applications/{appId}': 'applications',
  'GET /api/client/opportunities/{id}/applications/{appId}/documents/{docId}': 'applications',
  'POST /api/client/opportunities/{id}/applications/assign': 'applications',
  'PATCH /api/client/opportunities/{id}/applications/regret': 'applications',
  'GET /api/client/opportunities/{id}/applications/{appId}/events': 'applications',
  'POST /api/client/opportunities/{id}/applications/{appId}/events': 'applications',
  'PATCH /api/client/opportunities/{id}/applications/{appId}/regret': 'applications',
  'PATCH /api/client/opportunities/{id}/applications/{appId}/rating': 'applications',
  'POST /api/client/flags': 'applications',
  'GET /api/client/feedback_requests': 'applications',
  'POST /api/client/feedback_requests': 'applications',
  'GET /api/client/feedback_requests/{id}': 'applications',
  'PATCH /api/client/feedback_requests/{id}': 'applications',
  'DELETE /api/client/feedback_requests/{id}/guests/{guestId}': 'applications',
  'POST /api/client/feedback_requests/{id}/guests/{guestId}/link': 'applications',
  'POST /api/client/opportunities/{id}/interview_offers': 'applications',
  'POST /api/client/interview_offers/{id}/withdraw': 'applications',
  'POST /api/client/opportunities/{id}/interviews': 'applications',
  'GET /api/client/opportunities/{id}/interviews': 'applications',
  'GET /api/client/interviews': 'applications',
  'GET /api/client/applications/{id}/interviews': 'applications',
  'GET /api/client/interviews/{id}': 'applications',
  'PATCH /api/client/interviews/{id}': 'applications',
  'POST /api/client/interviews/{id}/cancel': 'applications',
  'PUT /api/client/interviews/{id}/scorecard': 'applications',
  'GET /api/client/document_bundles': 'applications',
  'POST /api/client/document_bundles': 'applications',
  'POST /api/client/document_bundles/contents': { area: 'applications', access: 'read' },

  // Candidates: who is eligible for an opportunity, and inviting them to apply.
  'GET /api/client/eligibilities': 'candidates',
  'GET /api/client/opportunities/{id}/eligibilities': 'candidates',
  'GET /api/client/opportunities/{id}/eligibilities/funnel': 'candidates',
  'GET /api/client/opportunities/{id}/eligibilities/{eid}': 'candidates',
  'POST /api/client/opportunities/{id}/eligibilities/invite': 'candidates',
  'PATCH /api/client/opportunities/{id}/eligibilities/{eid}/invite': 'candidates',

  // Campaigns.
  'GET /api/client/campaigns': 'campaigns',
  'POST /api/client/campaigns': 'campaigns',
  'GET /api/client/campaigns/{id}': 'campaigns',
  'PATCH /api/client/campaigns/{slug}': 'campaigns',
  'DELETE /api/client/campaigns/{id}': 'campaigns',
  'PUT /api/client/campaigns/{id}/image': 'campaigns',
  'DELETE /api/client/campaigns/{id}/image': 'campaigns',

  // Analytics.
  'GET /api/client/organization/analytics/applicants': 'analytics',
  'GET /api/client/organization/analytics/explore': 'analytics',
  'GET /api/client/organization/analytics/criteria': 'analytics',
  'GET /api/client/organization/analytics/campaigns': 'analytics',

  // People's own things and the organization's people, profile, keys and webhook endpoints (whose
  // secrets a key must not read): never with a key.
  'GET /api/client/me': null,
  'GET /api/client/notification_preferences': null,
  'PUT /api/client/notification_preferences': null,
  'PUT /api/client/time_zone': null,
  'GET /api/client/organization': null,
  'PATCH /api/client/organization': null,
  'PUT /api/client/organization/logo': null,
  'DELETE /api/client/organization/logo': null,
  'POST /api/client/organization/locations': null,
  'DELETE /api/client/organization/locations/{id}': null,
  'GET /api/client/clients': null,
  'POST /api/client/clients': null,
  'GET /api/client/clients/{id}': null,
  'PATCH /api/client/clients/{id}': null,
  'POST /api/client/clients/{id}/invite': null,
  'GET /api/client/chats': null,
  'GET /api/client/opportunities/{id}/applications/{appId}/chats': null,
  'POST /api/client/opportunities/{id}/applications/{appId}/chats': null,
  'GET /api/client/api_keys': null,
  'POST /api/client/api_keys': null,
  'PATCH /api/client/api_keys/{id}': null,
  'POST /api/client/api_keys/{id}/revoke': null,
  'GET /api/client/api_keys/{id}/requests': null,
  'GET /api/client/webhook_endpoints': null,
  'POST /api/client/webhook_endpoints': null,
  'PATCH /api/client/webhook_endpoints/{id}': null,
  'DELETE /api/client/webhook_endpoints/{id}': null,
  'POST /api/client/webhook_endpoints/{id}/rotate_secret': null,
  'GET /api/client/webhook_endpoints/{id}/deliveries': null,
  'POST /api/client/webhook_endpoints/{id}/deliveries/{deliveryId}/replay': null,
  'POST /api/client/webhook_endpoints/{id}/test': null,
};

/** A route's path as the API document writes it: `/a/:id` becomes `/a/{id}`. */
export function operationPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

/** What an operation needs of a key, or null when keys may not call it. */
export function keyRuleOf(method: string, url: string): ApiKeyRule | null {
  const entry = keyOperations[`${method.toUpperCase()} ${operationPath(url)}`];
  if (!entry) return null;
  return typeof entry === 'string' ? { area: entry, access: accessOfMethod(method) } : entry;
}

/**
 * What the API document says of an operation's callers: `security` (none for a public one; a
 * session's bearer token, and an API key where keys may call it) and, for operations client users may call,
 * `x-api-key-scope`: the scope a key needs (`applications:read`) or `none` when keys are refused.
 */
export function keyAnnotations(
  method: string,
  url: string,
  access: Access | undefined,
): Record<string, unknown> {
  if (access === undefined || access === 'public') return { security: [] };
  const rule = keyRuleOf(method, url);
  if (!allows(access, 'client')) return { security: [{ bearer: [] }] };
  return {
    security: rule ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }],
    'x-api-key-scope': rule ? describeRule(rule) : 'none',
  };
}
