/**
 * A small port for map pictures (issue 3: "a provider that needs no key, behind a small port").
 * The screen asks for a static picture of a location; an adapter (OpenStreetMap tiles today) answers
 * with one image, how to crop it, where the location sits in it, and a link to the provider's map.
 */
export type MapLocation = { latitude: number; longitude: number };

export type StaticMapRequest = {
  location: MapLocation;
  /** Size of the visible picture in CSS pixels. */
  width: number;
  height: number;
  zoom: number;
};

export type StaticMap = {
  imageUrl: string;
  /** Natural size of the image; the viewport shows a width × height window of it. */
  imageWidth: number;
  imageHeight: number;
  /** Where the image's top-left corner sits inside the viewport (0 or negative). */
  offsetX: number;
  offsetY: number;
  /** The location's pixel inside the viewport. */
  markerX: number;
  markerY: number;
  /** The provider's map of this location, for a new tab. */
  linkUrl: string;
  /** Credit the provider requires next to its imagery. */
  attribution: string;
};

export type MapPort = {
  /** Null when the location cannot be drawn (coordinates out of range). */
  describeStaticMap(request: StaticMapRequest): StaticMap | null;
};

/** A usable location: both coordinates present, finite and in range. */
export function toMapLocation(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): MapLocation | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}
