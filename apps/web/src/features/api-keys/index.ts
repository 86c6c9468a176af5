// The API keys section of the client's Integrations page.
export { ApiKeysSection } from './components/api-keys-section';
