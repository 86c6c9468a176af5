/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** The address support e-mails go to when the server names no live chat widget. */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** The map's tile server, a Leaflet `{z}/{x}/{y}` URL template (OpenStreetMap's by default). */
  readonly VITE_MAP_TILE_URL?: string;
  /** The credit line the tile server asks for (HTML). */
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
