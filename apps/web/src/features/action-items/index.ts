// The to-do list feature's public API for other features: the list (the top-bar menu shows
// it) and what to call after a change that can shorten it. Pages import the card and the
// completion from their files.
export { actionItemsQueryKey, useActionItems } from './api/get-action-items';
export { profileCompletionQueryKey } from './api/get-profile-completion';
export { invalidateProgress } from './api/invalidate-progress';
export { ActionItemsContent } from './components/action-items-status';
