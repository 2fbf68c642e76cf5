import { Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMapOff, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import type { MapPort, StaticMap } from '../map-port';
import { toMapLocation } from '../map-port';
import { openStreetMapPort } from '../openstreetmap-map';

/** The summary card's map: 180 × 150 at zoom 15 (000 §2, K26). */
export const MAP_PREVIEW_WIDTH = 180;
export const MAP_PREVIEW_HEIGHT = 150;
export const MAP_PREVIEW_ZOOM = 15;

type MapPreviewProps = {
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  /** Names the place in the alt text, e.g. the dealership. */
  placeName?: string | null;
  port?: MapPort;
};

const frameStyle = {
  width: MAP_PREVIEW_WIDTH,
  height: MAP_PREVIEW_HEIGHT,
  borderRadius: 'var(--mantine-radius-md)',
  border: '1px solid var(--mantine-color-default-border)',
  background: 'var(--mantine-color-gray-1)',
  flex: 'none',
} as const;

function NoLocation() {
  return (
    <Stack
      role="img"
      aria-label="No location for this request"
      align="center"
      justify="center"
      gap={4}
      style={frameStyle}
    >
      <IconMapOff size={28} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      <Text size="sm" c="dimmed">
        No location
      </Text>
    </Stack>
  );
}

function MapPicture({ map, alt }: { map: StaticMap; alt: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <Anchor
      href={map.linkUrl}
      target="_blank"
      rel="noopener noreferrer"
      display="block"
      pos="relative"
      style={{ ...frameStyle, overflow: 'hidden' }}
    >
      {hasFailed ? (
        // Offline or blocked tiles: say so, and keep the link to the full map.
        <Stack align="center" justify="center" gap={4} h="100%" px="xs">
          <IconMapPin size={28} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
          <Text size="xs" c="dimmed" ta="center">
            {alt}
          </Text>
          <Text size="xs" ta="center">
            Map picture unavailable. Open the map
          </Text>
        </Stack>
      ) : (
        <>
          <img
            src={map.imageUrl}
            alt={alt}
            width={map.imageWidth}
            height={map.imageHeight}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            onError={() => setHasFailed(true)}
            style={{
              position: 'absolute',
              left: map.offsetX,
              top: map.offsetY,
              maxWidth: 'none',
            }}
          />
          <IconMapPin
            size={28}
            stroke={2}
            color="var(--mantine-color-red-7)"
            fill="var(--mantine-color-red-2)"
            aria-hidden
            style={{
              position: 'absolute',
              left: map.markerX,
              top: map.markerY,
              transform: 'translate(-50%, -100%)',
            }}
          />
          <Text
            component="span"
            size="10px"
            pos="absolute"
            right={0}
            bottom={0}
            px={4}
            bg="rgba(255,255,255,0.8)"
            c="dark"
            aria-hidden
          >
            {map.attribution}
          </Text>
        </>
      )}
      <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

/** The preview's picture and link for a location (null without one). */
function describePreview(location: ReturnType<typeof toMapLocation>, port: MapPort): StaticMap | null {
  return location
    ? port.describeStaticMap({
        location,
        width: MAP_PREVIEW_WIDTH,
        height: MAP_PREVIEW_HEIGHT,
        zoom: MAP_PREVIEW_ZOOM,
      })
    : null;
}

/** A small map of the request's location linking to a maps search, or an honest 'No location'. */
export function MapPreview({ latitude, longitude, placeName, port = openStreetMapPort }: MapPreviewProps) {
  const location = toMapLocation(latitude, longitude);
  const map = describePreview(location, port);
  if (!location || !map) return <NoLocation />;
  const where = `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`;
  const alt = placeName
    ? `Map of the area around ${placeName} (${where})`
    : `Map of the area around ${where}`;
  // A new image (another request) starts without the failure of the previous one.
  return <MapPicture key={map.imageUrl} map={map} alt={alt} />;
}

/** Phones: the map as one line, a link to the full map (or 'No location'), instead of the picture. */
export function MapLink({ latitude, longitude, placeName, port = openStreetMapPort }: MapPreviewProps) {
  const map = describePreview(toMapLocation(latitude, longitude), port);
  if (!map) {
    return (
      <Text size="sm" c="dimmed">
        <IconMapOff size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        No location
      </Text>
    );
  }
  return (
    <Anchor href={map.linkUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
      <IconMapPin size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {placeName ? `Map of ${placeName}` : 'Open the map'}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}
