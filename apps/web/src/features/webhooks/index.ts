// The webhooks section of the integrations page: an organization's endpoints, their secrets,
// deliveries log, replays and test events.
export { WebhooksSection } from './components/webhooks-section';
