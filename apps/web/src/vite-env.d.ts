/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** The address support e-mails go to when no live chat widget is configured. */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Chatwoot live chat: both set switch the support chat from e-mail to the widget. */
  readonly VITE_CHATWOOT_BASE_URL?: string;
  readonly VITE_CHATWOOT_WEBSITE_TOKEN?: string;
  /** The map's tile server, a Leaflet `{z}/{x}/{y}` URL template (OpenStreetMap's by default). */
  readonly VITE_MAP_TILE_URL?: string;
  /** The credit line the tile server asks for (HTML). */
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
