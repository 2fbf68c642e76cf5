import { Modal } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';

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
});
