import type { MapPort, StaticMap, StaticMapRequest } from './map-port';

/** OpenStreetMap's standard tiles are 256 px squares (slippy-map tile names). */
export const OSM_TILE_SIZE = 256;
/** Web Mercator stops here; tiles do not exist beyond it. */
const MAX_MERCATOR_LATITUDE = 85.05112878;

export type TilePosition = {
  zoom: number;
  x: number;
  y: number;
  /** The location's pixel inside that tile. */
  pixelX: number;
  pixelY: number;
};

/** The tile holding a location at a zoom, and the location's pixel inside it (OSM slippy-map formulas). */
export function locateTile(latitude: number, longitude: number, zoom: number): TilePosition | null {
  if (Math.abs(latitude) > MAX_MERCATOR_LATITUDE || Math.abs(longitude) > 180) return null;
  const tileCount = 2 ** zoom;
  const latitudeRadians = (latitude * Math.PI) / 180;
  const exactX = ((longitude + 180) / 360) * tileCount;
  const exactY =
    ((1 - Math.log(Math.tan(latitudeRadians) + 1 / Math.cos(latitudeRadians)) / Math.PI) / 2) * tileCount;
  // Longitude 180 and the southern limit fall on the far edge: keep them on the last tile.
  const x = Math.min(Math.floor(exactX), tileCount - 1);
  const y = Math.min(Math.floor(exactY), tileCount - 1);
  return {
    zoom,
    x,
    y,
    pixelX: (exactX - x) * OSM_TILE_SIZE,
    pixelY: (exactY - y) * OSM_TILE_SIZE,
  };
}

function formatCoordinate(value: number): string {
  return value.toFixed(5);
}

/** openstreetmap.org searching the coordinates, its map centred on them at the zoom. */
export function buildOpenStreetMapLink(latitude: number, longitude: number, zoom: number): string {
  const lat = formatCoordinate(latitude);
  const lng = formatCoordinate(longitude);
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${lat},${lng}`)}#map=${zoom}/${lat}/${lng}`;
}

/** Keeps the crop window inside the tile, as close to centring the location as it can. */
function cropOffset(pixel: number, viewport: number): number {
  const centred = viewport / 2 - pixel;
  return Math.round(Math.min(0, Math.max(viewport - OSM_TILE_SIZE, centred)));
}

export const openStreetMapPort: MapPort = {
  describeStaticMap({ location, width, height, zoom }: StaticMapRequest): StaticMap | null {
    const tile = locateTile(location.latitude, location.longitude, zoom);
    if (!tile) return null;
    const offsetX = cropOffset(tile.pixelX, width);
    const offsetY = cropOffset(tile.pixelY, height);
    return {
      imageUrl: `https://tile.openstreetmap.org/${tile.zoom}/${tile.x}/${tile.y}.png`,
      imageWidth: OSM_TILE_SIZE,
      imageHeight: OSM_TILE_SIZE,
      offsetX,
      offsetY,
      markerX: Math.round(offsetX + tile.pixelX),
      markerY: Math.round(offsetY + tile.pixelY),
      linkUrl: buildOpenStreetMapLink(location.latitude, location.longitude, zoom),
      attribution: '© OpenStreetMap',
    };
  },
};
