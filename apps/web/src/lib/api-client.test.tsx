import { AppError } from '@app/contracts/errors.contract';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import type { FakeAnswer, FakeRequest } from '../test/fake-fetch';
import { deferred, installFakeFetch } from '../test/fake-fetch';
import { buildUser, signInAs, tokenAnswer } from '../test/fixtures';
import { ApiHttpError, apiGet, apiPost, NetworkError, refreshAccessToken } from './api-client';
import { sessionStore, tokensFromResponse } from './session-store';

const ZThing = z.object({ name: z.string() });
const unauthenticated: FakeAnswer = {
  status: 401,
  body: { code: 'UNAUTHENTICATED', message: 'Token expired' },
};
const user = buildUser();

function bearer(request: FakeRequest | undefined): string | null | undefined {
  return request?.headers.get('Authorization');
}

/** Renders the notifications host so M1 toasts can be seen. */
function renderToastHost() {
  render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      {null}
    </AppProviders>,
  );
}

describe('api client', () => {
  beforeEach(() => signInAs(user));

  it('sends the stored access token, the query string, and parses the answer with the schema', async () => {
    const server = installFakeFetch({ 'GET /api/things': { body: { name: 'wheel', extra: true } } });
    await expect(apiGet('/things', ZThing, { query: { a: 1, b: undefined, c: 'x y' } })).resolves.toEqual({
      name: 'wheel',
    });
    const call = server.calls[0];
    expect(bearer(call)).toBe('Bearer access-token-1');
    expect(call?.url.search).toBe('?a=1&c=x+y');
  });

  it('gives 4xx answers to the caller as AppError, without a toast', async () => {
    renderToastHost();
    installFakeFetch({
      'GET /api/things': { status: 409, body: { code: 'CONFLICT', message: 'Already claimed' } },
    });
    const error = await apiGet('/things', ZThing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toBeInstanceOf(ApiHttpError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'Already claimed', status: 409 });
    expect(screen.queryByText('An unexpected error occurred.')).not.toBeInTheDocument();
  });

  it.each<[string, FakeAnswer]>([
    ['a 5xx answer', { status: 500, body: { code: 'INTERNAL', message: 'Internal error' } }],
    ['a network failure', 'network-error'],
    ['an answer that breaks the contract', { body: { nom: 'wheel' } }],
  ])('shows the M1 toast for %s', async (_case, answer) => {
    renderToastHost();
    installFakeFetch({ 'GET /api/things': answer });
    await expect(apiGet('/things', ZThing)).rejects.toBeInstanceOf(Error);
    expect(await screen.findByText('An unexpected error occurred.')).toBeInTheDocument();
  });

  it('keeps quiet calls quiet', async () => {
    renderToastHost();
    installFakeFetch({ 'GET /api/things': { status: 502 } });
    await expect(apiGet('/things', ZThing, { isQuiet: true })).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(screen.queryByText('An unexpected error occurred.')).not.toBeInTheDocument();
  });

  it('refreshes once for concurrent 401s, spends the refresh token once, and retries each call', async () => {
    const refreshAnswer = deferred<FakeAnswer>();
    const server = installFakeFetch({
      'GET /api/things': (request) =>
        bearer(request) === 'Bearer access-token-2' ? { body: { name: 'ok' } } : unauthenticated,
      'POST /api/auth/refresh': () => refreshAnswer.promise,
    });

    const first = apiGet('/things', ZThing);
    const second = apiGet('/things', ZThing);
    const third = apiGet('/things', ZThing);
    // Let all three meet their 401 before the refresh answers.
    await new Promise((resolve) => setTimeout(resolve, 10));
    refreshAnswer.resolve({ body: tokenAnswer(user, '2') });

    await expect(Promise.all([first, second, third])).resolves.toEqual([
      { name: 'ok' },
      { name: 'ok' },
      { name: 'ok' },
    ]);
    const refreshes = server.callsTo('POST', '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    // The refresh token is the HttpOnly cookie the browser sends; the CSRF header lets the server spend it.
    expect(refreshes[0]?.body).toEqual({});
    expect(refreshes[0]?.headers.get('X-Requested-With')).toBe('fetch');
    expect(bearer(refreshes[0])).toBeNull();
    expect(server.callsTo('GET', '/api/things').map(bearer)).toEqual([
      'Bearer access-token-1',
      'Bearer access-token-1',
      'Bearer access-token-1',
      'Bearer access-token-2',
      'Bearer access-token-2',
      'Bearer access-token-2',
    ]);
    expect(sessionStore.getSnapshot().tokens?.accessToken).toBe('access-token-2');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('refresh-token');
  });

  it('takes a refresh token stored by an earlier version out of storage', async () => {
    window.localStorage.setItem(
      'im.session.tokens',
      JSON.stringify({ ...tokensFromResponse(tokenAnswer(user, '5')), refreshToken: 'refresh-token-5' }),
    );
    // Read again as on a page load (here: the storage event another tab's write causes).
    const unsubscribe = sessionStore.subscribe(() => undefined);
    window.dispatchEvent(new StorageEvent('storage', { key: 'im.session.tokens' }));
    unsubscribe();
    expect(sessionStore.getSnapshot().tokens?.accessToken).toBe('access-token-5');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('refresh-token-5');
  });

  it('uses tokens another tab already rotated instead of refreshing again', async () => {
    const server = installFakeFetch({ 'POST /api/auth/refresh': { body: tokenAnswer(user, '3') } });
    // Another tab rotated the pair: storage now holds pair 2, while this call saw pair 1 fail.
    window.localStorage.setItem(
      'im.session.tokens',
      JSON.stringify(tokensFromResponse(tokenAnswer(user, '2'))),
    );
    await expect(refreshAccessToken('access-token-1')).resolves.toMatchObject({
      accessToken: 'access-token-2',
    });
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(sessionStore.getSnapshot().tokens?.accessToken).toBe('access-token-2');
  });

  it('ends the session when the refresh is refused', async () => {
    installFakeFetch({
      'GET /api/things': unauthenticated,
      'POST /api/auth/refresh': {
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Refresh token reused' },
      },
    });
    await expect(apiGet('/things', ZThing)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(sessionStore.getSnapshot()).toEqual({ tokens: null, user: null, company: null });
  });

  it('keeps the session when the refresh only failed to reach the server', async () => {
    installFakeFetch({ 'GET /api/things': unauthenticated, 'POST /api/auth/refresh': 'network-error' });
    await expect(apiGet('/things', ZThing, { isQuiet: true })).rejects.toBeInstanceOf(NetworkError);
    expect(sessionStore.getSnapshot().tokens?.accessToken).toBe('access-token-1');
  });

  it('does not refresh on 401 INVALID_CREDENTIALS, and public calls carry no token', async () => {
    const server = installFakeFetch({
      'POST /api/auth/signin': { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'no' } },
    });
    await expect(apiPost('/auth/signin', { email: 'a@b.c', password: 'x' }, ZThing)).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    await expect(
      apiPost('/auth/signin', { email: 'a@b.c', password: 'x' }, ZThing, { isPublic: true }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(server.callsTo('POST', '/api/auth/signin').map(bearer)).toEqual(['Bearer access-token-1', null]);
    expect(sessionStore.getSnapshot().tokens).not.toBeNull();
  });
});
