// Map tiles: OpenStreetMap's by default; VITE_MAP_TILE_URL (a Leaflet `{z}/{x}/{y}` template)
// and VITE_MAP_TILE_ATTRIBUTION point the map at another tile server.
const mapTileUrl = import.meta.env.VITE_MAP_TILE_URL;
const mapTileAttribution = import.meta.env.VITE_MAP_TILE_ATTRIBUTION;

export const env = {
  apiBase: '/api',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@pathways.example',
  mapTiles: {
    url: mapTileUrl || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution:
      mapTileAttribution ||
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  },
  privacyPolicyUrl: '/legal/privacy.html',
  termsUrl: '/legal/terms.html',
} as const;
