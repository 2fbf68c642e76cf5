import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { installFakeFetch } from '../../../test/fake-fetch';
import { buildUser, signInAs } from '../../../test/fixtures';
import { buildRequest, listAnswer } from '../service-requests.fixtures';
import { useRequestList } from './use-request-list';

describe('useRequestList', () => {
  // Issue 17, defect 8 (a cold visit asked for its list twice, one aborted on a re-render): mounting the
  // page twice, as StrictMode does on purpose, still asks once. e2e/tests/one-request-per-visit.spec.ts
  // counts the requests of real visits.
  it('asks for a page once when the page mounts twice', async () => {
    signInAs(buildUser({ userType: 'dealer', companyId: 3 }));
    const server = installFakeFetch({ 'GET /api/requestimates/list/': listAnswer([buildRequest()]) });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <StrictMode>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </StrictMode>
    );
    const { result } = renderHook(() => useRequestList(3, 'jobs', 25, 1), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.items).toHaveLength(1);
    expect(server.callsTo('GET', '/api/requestimates/list/')).toHaveLength(1);
  });

  // The list page stays mounted from one mode to another (an action moves the selected request from Jobs to
  // Pickups): the next page of the same mode keeps the current one on screen while it loads, another
  // mode's rows never show under its title.
  it('keeps the shown page while the next page of the same mode loads, not while another mode loads', async () => {
    signInAs(buildUser({ userType: 'installer', companyId: 3 }));
    installFakeFetch({
      'GET /api/requestimates/list/': (call) =>
        call.url.searchParams.get('mode') === 'pickups'
          ? new Promise(() => undefined)
          : listAnswer([buildRequest()]),
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(
      ({ mode, page }: { mode: 'jobs' | 'pickups'; page: number }) => useRequestList(3, mode, 25, page),
      { wrapper, initialProps: { mode: 'jobs', page: 1 } },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    rerender({ mode: 'jobs', page: 2 });
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.items).toHaveLength(1);
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    rerender({ mode: 'pickups', page: 1 });
    expect(result.current.isPending).toBe(true);
    expect(result.current.data).toBeUndefined();
  });
});
