import type { TDirectPayeesReply } from '@app/contracts/financials.contract';
import { type TW9, w9Messages } from '@app/contracts/profile.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../../test/fake-fetch';
import { buildUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DirectPayeesPanel } from '../financials/direct-payees-panel';
import { readView } from '../financials/financial-view';
import { W9Section } from './w9-section';

const onFile: TW9 = {
  file_name: 'Elite W-9.pdf',
  content_type: 'application/pdf',
  size_bytes: 1_300,
  uploaded_at: '2026-10-18T15:00:00.000Z',
  uploaded_by: 'Evan Brooks',
};

/** A stand-in for XMLHttpRequest (the upload reports progress through it): answers `reply` after 50 % and 100 %. */
function installFakeXhr(reply: { status: number; body: unknown }) {
  const sent: { method: string; url: string; form: FormData }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ method: this.method, url: this.url, form });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('W9Section', () => {
  it('shows a missing W-9, refuses a wrong file before sending, uploads a PDF and reports the change', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    installFakeFetch({});
    const sent = installFakeXhr({
      status: 201,
      body: { success: true, message: w9Messages.uploaded, w9: onFile },
    });
    const onChanged = vi.fn(async () => undefined);
    renderWithProviders(<W9Section installerId={7} w9={null} isReadOnly={false} onChanged={onChanged} />);
    expect(screen.getByText('Missing')).toBeInTheDocument();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('W-9 file');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(w9Messages.wrongType);
    expect(sent).toHaveLength(0);

    await user.upload(input, new File(['%PDF-1.4'], 'Elite W-9.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(w9Messages.uploaded)).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', url: expect.stringMatching(/\/profile\/w9\/7$/), form: expect.any(FormData) },
    ]);
    expect((sent[0]?.form.get('file') as File | undefined)?.name).toBe('Elite W-9.pdf');
    expect(onChanged).toHaveBeenCalled();
    expect(within(screen.getByTestId('w9-section')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of an upload (415)', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    installFakeFetch({});
    installFakeXhr({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: w9Messages.wrongType } });
    renderWithProviders(
      <W9Section installerId={7} w9={onFile} isReadOnly={false} onChanged={async () => {}} />,
    );
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('W-9 file'),
      new File(['x'], 'w9.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(w9Messages.wrongType);
  });

  it('shows the W-9 on file and removes it only after the confirmation', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7 }));
    const server = installFakeFetch({
      'DELETE /api/profile/w9/7': { body: { success: true, message: w9Messages.removed } },
    });
    const onChanged = vi.fn(async () => undefined);
    renderWithProviders(<W9Section installerId={7} w9={onFile} isReadOnly={false} onChanged={onChanged} />);
    expect(screen.getByTestId('w9-status')).toHaveTextContent(
      'Elite W-9.pdf, uploaded Oct 18, 2026 by Evan Brooks (1.3 KB)',
    );
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove W-9' });
    expect(within(dialog).getByText(w9Messages.removeConfirm)).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/profile/w9/7')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove W-9' }));
    await expect.poll(() => server.callsTo('DELETE', '/api/profile/w9/7').length).toBe(1);
    await expect.poll(() => onChanged.mock.calls.length).toBe(1);
  });

  it('is read-only for ASSIST: the state and Download, no Upload, Replace or Remove', () => {
    signInAs(buildUser({ userType: 'installer', companyId: 7, access: 'ASSIST' }));
    installFakeFetch({});
    renderWithProviders(<W9Section installerId={7} w9={onFile} isReadOnly onChanged={async () => {}} />);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });
});

describe('DirectPayeesPanel', () => {
  it('lists the specialists paid by check or cash in the month, with Download W-9 or W-9 missing', async () => {
    signInAs(buildUser({ userType: 'dealer', companyId: 5 }));
    const reply: TDirectPayeesReply = {
      from: '2026-11-01',
      to: '2026-11-30',
      rows: [
        {
          installer_id: 7,
          name: 'Elite Auto Film',
          payments: 2,
          amount_paid: 1500,
          amount_paid_cents: 150_000,
          w9: { file_name: 'Elite W-9.pdf', uploaded_at: '2026-10-18T15:00:00.000Z' },
        },
        {
          installer_id: 8,
          name: 'Elite Auto Film North',
          payments: 1,
          amount_paid: 425,
          amount_paid_cents: 42_500,
          w9: null,
        },
      ],
      total: 1925,
      total_cents: 192_500,
    };
    const server = installFakeFetch({ 'GET /api/financials/direct-payees/5': { body: reply } });
    const view = readView(new URLSearchParams('date=2026-11-10'), '2026-11-10');
    renderWithProviders(<DirectPayeesPanel view={view} />);
    const table = await screen.findByTestId('direct-payees');
    const [call] = server.callsTo('GET', '/api/financials/direct-payees/5');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(
      within(table).getByRole('button', { name: 'Download the W-9 of Elite Auto Film' }),
    ).toBeInTheDocument();
    expect(within(table).getByText('W-9 missing')).toBeInTheDocument();
    expect(within(table).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(table).getByText('$1,925.00')).toBeInTheDocument();
  });

  it('says so when nobody was paid by check or cash', async () => {
    signInAs(buildUser({ userType: 'dealer', companyId: 5 }));
    installFakeFetch({
      'GET /api/financials/direct-payees/5': {
        body: { from: '2026-11-01', to: '2026-11-30', rows: [], total: 0, total_cents: 0 },
      },
    });
    renderWithProviders(<DirectPayeesPanel view={readView(new URLSearchParams(), '2026-11-10')} />);
    expect(
      await screen.findByText('No check or cash payments to specialists in this period'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download List (CSV)' })).toBeDisabled();
  });
});
