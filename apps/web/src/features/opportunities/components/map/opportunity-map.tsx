import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './opportunity-map.css';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import L from 'leaflet';
// Adds L.markerClusterGroup to the Leaflet that the import above put on `window.L`.
import 'leaflet.markercluster';
import { useEffect, useRef, useState } from 'react';

import { CAPE_TOWN, MAP } from '@pathways/shared/common/constants';

import { env } from '../../../../config/env';
import { useSavingData } from '../../../../lib/save-data';
import type { MapPoint } from '../../utils/map-points';
import type { Center } from '../../utils/search-params';
import { formatDistance, opportunityKindLabels } from '../../utils/format';
import { escapeHtml } from '@pathways/shared/common/html';

// The map of the search page, loaded in its own chunk when the user first switches to it:
// Leaflet, its styles and the clustering plugin never weigh on the list view.

export interface OpportunityMapProps {
  points: MapPoint[];
  /** The search's centre; Cape Town without one. */
  center: Center | null;
  /** Opens an opportunity inside the app (a popup link without a full page load). */
  onNavigate: (href: string) => void;
}

const legend = [
  { label: 'Job', color: '#c2410c' },
  { label: 'Bursary', color: '#1d4ed8' },
  { label: 'Scholarship', color: '#6d28d9' },
];

function markerIcon(point: MapPoint) {
  return L.divIcon({
    className: `pathways-marker pathways-marker--${point.kind}`,
    // Named by its content (a marker is a button): a title alone is a name some assistive
    // technologies never read.
    html: `<span class="pathways-marker__pin"></span><span class="pathways-map__hidden">${escapeHtml(point.name)}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 30],
    popupAnchor: [0, -28],
  });
}

function clusterIcon(cluster: L.MarkerCluster) {
  const count = cluster.getChildCount();
  return L.divIcon({
    className: 'pathways-cluster',
    html: `<div aria-hidden="true">${count}</div><span class="pathways-map__hidden">${count} opportunities here, zoom in</span>`,
    iconSize: [42, 42],
  });
}

function popupContent(point: MapPoint, onNavigate: (href: string) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'pathways-popup';
  const link = document.createElement('a');
  link.href = point.href;
  link.textContent = point.name;
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    onNavigate(point.href);
  });
  root.append(link);
  const distance =
    point.distanceInMeters !== null ? ` · ${formatDistance(point.distanceInMeters)} away` : '';
  root.insertAdjacentHTML(
    'beforeend',
    `<p>${escapeHtml(point.organizationName)}</p>` +
      `<p>${opportunityKindLabels[point.kind]} · ${escapeHtml(point.address)}${escapeHtml(distance)}</p>`,
  );
  return root;
}

export default function OpportunityMap({ points, center, onNavigate }: OpportunityMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const clusterRef = useRef<L.MarkerClusterGroup | null>(null);
  const centerRef = useRef<L.CircleMarker | null>(null);
  const navigateRef = useRef(onNavigate);
  const [tilesFailed, setTilesFailed] = useState(false);
  const savingData = useSavingData();
  const [tilesShown, setTilesShown] = useState(!savingData);
  const latitude = center?.latitude;
  const longitude = center?.longitude;

  useEffect(() => {
    navigateRef.current = onNavigate;
  }, [onNavigate]);

  // The map itself, once.
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      center: [CAPE_TOWN.latitude, CAPE_TOWN.longitude],
      zoom: MAP.defaultZoom,
      minZoom: MAP.minZoom,
      maxZoom: MAP.maxZoom,
    });
    const cluster = L.markerClusterGroup({
      disableClusteringAtZoom: MAP.disableClusteringAtZoom,
      showCoverageOnHover: false,
      iconCreateFunction: clusterIcon,
    });
    cluster.addTo(map);
    mapRef.current = map;
    clusterRef.current = cluster;
    return () => {
      map.remove();
      mapRef.current = null;
      clusterRef.current = null;
    };
  }, []);

  // The background, unless the browser asks to save data and the user has not asked for it.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tilesShown) return;
    const tiles = L.tileLayer(env.mapTiles.url, {
      attribution: env.mapTiles.attribution,
      minZoom: MAP.minZoom,
      maxZoom: MAP.maxZoom,
    })
      // Without tiles (offline, a blocked tile server) markers and popups still work.
      .on('tileerror', () => setTilesFailed(true))
      .addTo(map);
    return () => {
      tiles.remove();
    };
  }, [tilesShown]);

  // The markers, and a view that shows them.
  useEffect(() => {
    const map = mapRef.current;
    const cluster = clusterRef.current;
    if (!map || !cluster) return;
    cluster.clearLayers();
    const markers = points.map((point) =>
      L.marker([point.latitude, point.longitude], {
        icon: markerIcon(point),
        title: point.name,
        alt: point.name,
        keyboard: true,
      }).bindPopup(() => popupContent(point, (href) => navigateRef.current(href)), {
        // Narrow maps (phones) keep room for the zoom buttons beside the popup.
        maxWidth: Math.max(160, Math.min(260, (container.current?.clientWidth ?? 360) - 110)),
        // Clear of the zoom buttons in the top left corner.
        autoPanPaddingTopLeft: [56, 16],
      }),
    );
    cluster.addLayers(markers);

    const origin: L.LatLngTuple = [
      latitude ?? CAPE_TOWN.latitude,
      longitude ?? CAPE_TOWN.longitude,
    ];
    map.setView(origin, MAP.defaultZoom, { animate: false });
    // The point distances are measured from.
    centerRef.current?.remove();
    centerRef.current =
      latitude !== undefined
        ? L.circleMarker(origin, {
            radius: 7,
            color: '#ffffff',
            weight: 3,
            fillColor: '#1d4ed8',
            fillOpacity: 1,
            interactive: false,
          }).addTo(map)
        : null;
    // Nothing near the centre at the default zoom: widen the view to the markers.
    const visible = markers.some((marker) => map.getBounds().contains(marker.getLatLng()));
    if (!visible && markers.length > 0) {
      const bounds = L.latLngBounds(markers.map((marker) => marker.getLatLng()));
      if (latitude !== undefined) bounds.extend(origin);
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: MAP.defaultZoom, animate: false });
    }
  }, [points, latitude, longitude]);

  return (
    <Box>
      <Box
        ref={container}
        data-testid="opportunity-map"
        sx={{
          height: { xs: '60vh', md: 560 },
          minHeight: 320,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: '#e5e7eb',
          // Keep the map below the app bar and dialogs.
          zIndex: 0,
          position: 'relative',
        }}
      />
      <Box
        component="ul"
        aria-label="Map legend"
        sx={{
          listStyle: 'none',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          p: 0,
          m: 0,
          mt: 1,
          typography: 'body2',
          color: 'text.secondary',
        }}
      >
        {legend.map(({ label, color }) => (
          <Box component="li" key={label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              component="span"
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color }}
            />
            {label}
          </Box>
        ))}
      </Box>
      {!tilesShown && (
        <Alert
          severity="info"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => setTilesShown(true)}>
              Show the map
            </Button>
          }
        >
          To save data, the map background is not loaded. The markers show where the opportunities
          are.
        </Alert>
      )}
      {tilesFailed && (
        <Alert severity="info" sx={{ mt: 1 }}>
          The map background could not load. The markers still show where the opportunities are.
        </Alert>
      )}
    </Box>
  );
}
