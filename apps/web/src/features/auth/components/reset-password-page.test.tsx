import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render';

const token = 'reset-token-0123456789';

describe('reset password screen', () => {
  it('requires 8 characters and matching passwords before calling the server', async () => {
    const server = installFakeFetch({});
    renderApp(`/reset-password?token=${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'different{Enter}');

    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(server.calls).toHaveLength(server.callsTo('GET', '/meta.json').length);
  });

  it('saves the new password and returns to sign-in with a success note', async () => {
    const server = installFakeFetch({ 'POST /api/auth/reset-password': { body: { success: true } } });
    renderApp(`/reset-password?token=${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to the product' })).toBeInTheDocument();
    expect(screen.getByText(/Your password has been changed/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      token,
      password: 'new-password-1',
    });
  });

  it("shows the server's message on 400", async () => {
    installFakeFetch({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'This reset link has expired. Ask for a new one.' },
      },
    });
    renderApp(`/reset-password?token=${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'new-password-1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link has expired. Ask for a new one.',
    );
  });

  it('explains a link without a token', async () => {
    installFakeFetch({});
    renderApp('/reset-password');
    expect(await screen.findByText(/This reset link is incomplete/)).toBeInTheDocument();
  });
});
