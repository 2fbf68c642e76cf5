import { DEFAULT_THEME, Modal } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { contrast, filledBackground, lightText } from './theme';

describe('theme', () => {
  it("names every popup's close button 'Close dialog' (axe: a button needs a name)", async () => {
    renderWithProviders(
      <Modal opened onClose={() => {}} title="Any popup">
        Content
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Any popup' });
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });

  it.each(Object.keys(DEFAULT_THEME.colors))(
    '%s: white on a filled badge or button and the light variant text reach 4.5:1',
    (name) => {
      const palette = DEFAULT_THEME.colors[name] as unknown as string[];
      const shade = (index: number) => palette[index] ?? '';
      expect(contrast(filledBackground(shade(8), shade(9)), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(lightText(shade(9), shade(0)), shade(0))).toBeGreaterThanOrEqual(4.5);
    },
  );
});
