import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../../test/fake-fetch';
import { installFakeFetch } from '../../../test/fake-fetch';
import { buildUser, shellFakes, signInAs } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const email = {
  id: 1,
  channel: 'email',
  to: 'dealer@demo.test',
  subject: 'Reset your password',
  text: 'Open this link to choose a new password:\nhttp://127.0.0.1:3000/reset-password?token=abc',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  sentAt: '2025-03-01T10:00:02.000Z',
};
const sms = {
  ...email,
  id: 2,
  channel: 'sms',
  to: '+15550100',
  subject: null,
  text: 'Your vehicle is ready for pickup.',
  status: 'failed',
  attempts: 3,
  lastError: 'Twilio adapter not configured',
};

function outboxByChannel(request: FakeRequest) {
  return { body: { items: request.url.searchParams.get('channel') === 'sms' ? [sms] : [email] } };
}

describe('dev mailbox', () => {
  it('lists e-mails, shows the chosen one, and switches to text messages', async () => {
    signInAs(buildUser());
    installFakeFetch({ ...shellFakes(), 'GET /api/dev/outbox': outboxByChannel });
    renderApp('/dev/mailbox');

    const list = await screen.findByRole('list', { name: 'Messages' });
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: /Reset your password/ }));
    const detail = screen.getByRole('article', { name: 'Selected message' });
    expect(within(detail).getByText(/reset-password\?token=abc/)).toBeInTheDocument();
    expect(within(detail).getByText('sent')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Text messages' }));
    await user.click(await screen.findByRole('button', { name: /Your vehicle is ready/ }));
    expect(screen.getByText('Twilio adapter not configured')).toBeInTheDocument();
  });

  it('says when there are no messages yet', async () => {
    signInAs(buildUser());
    installFakeFetch({ ...shellFakes(), 'GET /api/dev/outbox': { body: { items: [] } } });
    renderApp('/dev/mailbox');
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('says the mailbox is not enabled when the server answers 404 (MAIL_OUTBOX_VIEWER off, or SMTP)', async () => {
    signInAs(buildUser());
    installFakeFetch({
      ...shellFakes(),
      'GET /api/dev/outbox': { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'Not found' } },
    });
    renderApp('/dev/mailbox');
    expect(await screen.findByText('The mailbox is not enabled on this server.')).toBeInTheDocument();
    expect(screen.getByText(/MAIL_OUTBOX_VIEWER on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('is not in the side menu', async () => {
    signInAs(buildUser({ userType: 'installer', access: 'ADMIN' }));
    installFakeFetch({
      ...shellFakes(buildUser({ userType: 'installer' })),
      'GET /api/dev/outbox': { body: { items: [] } },
    });
    renderApp('/dev/mailbox');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: /mailbox/i })).not.toBeInTheDocument();
  });
});
