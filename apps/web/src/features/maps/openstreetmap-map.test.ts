import { describe, expect, it } from 'vitest';
import { toMapLocation } from './map-port';
import { buildOpenStreetMapLink, locateTile, openStreetMapPort } from './openstreetmap-map';

describe('OpenStreetMap tiles', () => {
  it('finds the tile of a location at zoom 15 (slippy-map formulas)', () => {
    expect(locateTile(0, 0, 15)).toMatchObject({ x: 16384, y: 16384, pixelX: 0, pixelY: 0 });
    // Tampa, FL.
    const tampa = locateTile(27.9447, -82.5152, 15);
    expect(tampa).toMatchObject({ zoom: 15, x: 8873, y: 13733 });
    expect(tampa?.pixelX).toBeGreaterThanOrEqual(0);
    expect(tampa?.pixelX).toBeLessThan(256);
    // London.
    expect(locateTile(51.5074, -0.1278, 15)).toMatchObject({ x: 16372, y: 10896 });
    expect(locateTile(89, 0, 15)).toBeNull();
  });

  it('describes a 180 × 150 picture from the tile, centred on the location where the tile allows', () => {
    const map = openStreetMapPort.describeStaticMap({
      location: { latitude: 27.9447, longitude: -82.5152 },
      width: 180,
      height: 150,
      zoom: 15,
    });
    expect(map?.imageUrl).toBe('https://tile.openstreetmap.org/15/8873/13733.png');
    expect(map?.imageWidth).toBe(256);
    // The crop stays inside the tile…
    expect(map?.offsetX).toBeLessThanOrEqual(0);
    expect(map?.offsetX).toBeGreaterThanOrEqual(180 - 256);
    expect(map?.offsetY).toBeLessThanOrEqual(0);
    expect(map?.offsetY).toBeGreaterThanOrEqual(150 - 256);
    // …and the marker is on the location.
    const tile = locateTile(27.9447, -82.5152, 15);
    expect(map?.markerX).toBe(Math.round((map?.offsetX ?? 0) + (tile?.pixelX ?? 0)));
    expect(map?.linkUrl).toBe(
      'https://www.openstreetmap.org/search?query=27.94470%2C-82.51520#map=15/27.94470/-82.51520',
    );
    expect(map?.attribution).toBe('© OpenStreetMap');
  });

  it('links to a maps search of the coordinates', () => {
    expect(buildOpenStreetMapLink(-33.8688, 151.2093, 15)).toBe(
      'https://www.openstreetmap.org/search?query=-33.86880%2C151.20930#map=15/-33.86880/151.20930',
    );
  });

  it('accepts only complete, finite, in-range coordinates', () => {
    expect(toMapLocation(27.9, -82.5)).toEqual({ latitude: 27.9, longitude: -82.5 });
    expect(toMapLocation(null, -82.5)).toBeNull();
    expect(toMapLocation(27.9, undefined)).toBeNull();
    expect(toMapLocation(Number.NaN, 1)).toBeNull();
    expect(toMapLocation(91, 1)).toBeNull();
  });
});
