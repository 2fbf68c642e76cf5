import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { MapPort } from '../map-port';
import { MapPreview } from './map-preview';

describe('MapPreview', () => {
  it('shows the OSM tile with alt text, linking to the map in a new tab', () => {
    renderWithProviders(<MapPreview latitude={27.9447} longitude={-82.5152} placeName="Sunrise Motors" />);
    const image = screen.getByRole('img', {
      name: 'Map of the area around Sunrise Motors (27.94470, -82.51520)',
    });
    expect(image).toHaveAttribute('src', 'https://tile.openstreetmap.org/15/8873/13733.png');
    const link = screen.getByRole('link', { name: /Map of the area around Sunrise Motors/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/www\.openstreetmap\.org\/search\?query=/),
    );
    expect(link).toHaveTextContent('(opens in a new tab)');
  });

  it('falls back to a text box inside the same link when the tile does not load (offline)', () => {
    renderWithProviders(<MapPreview latitude={27.9447} longitude={-82.5152} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Map picture unavailable. Open the map')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', expect.stringContaining('openstreetmap.org'));
  });

  it("says 'No location' honestly when there are no coordinates", () => {
    renderWithProviders(<MapPreview latitude={null} longitude={-82.5} />);
    expect(screen.getByRole('img', { name: 'No location for this request' })).toHaveTextContent(
      'No location',
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('draws whatever the port describes', () => {
    const port: MapPort = {
      describeStaticMap: () => ({
        imageUrl: 'https://maps.example/tile.png',
        imageWidth: 256,
        imageHeight: 256,
        offsetX: -10,
        offsetY: -20,
        markerX: 90,
        markerY: 75,
        linkUrl: 'https://maps.example/?q=1,2',
        attribution: '© Example',
      }),
    };
    renderWithProviders(<MapPreview latitude={1} longitude={2} port={port} />);
    expect(screen.getByRole('img')).toHaveAttribute('src', 'https://maps.example/tile.png');
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://maps.example/?q=1,2');
  });
});
