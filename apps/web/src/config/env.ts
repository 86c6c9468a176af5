const chatwootBaseUrl = import.meta.env.VITE_CHATWOOT_BASE_URL?.replace(/\/$/, '');
const chatwootWebsiteToken = import.meta.env.VITE_CHATWOOT_WEBSITE_TOKEN;

export const env = {
  apiBase: '/api',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@pathways.example',
  chatwoot:
    chatwootBaseUrl && chatwootWebsiteToken
      ? { baseUrl: chatwootBaseUrl, websiteToken: chatwootWebsiteToken }
      : null,
  privacyPolicyUrl: '/legal/privacy.html',
  termsUrl: '/legal/terms.html',
} as const;
