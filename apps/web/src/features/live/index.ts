// The live feature's public API: the component signed-in pages mount to receive live updates.
// It is loaded lazily (`import('../features/live/components/live-updates')`) by the shell.
export { keysFor, liveFedKeys } from './api/event-keys';
export { reconnectDelay } from './api/backoff';
export { LiveUpdatesSwitch, useLiveUpdatesOn } from './live-switch';
