import { vi } from 'vitest';

/** One request the app made, as the fake server saw it. */
export type FakeRequest = {
  method: string;
  url: URL;
  path: string;
  headers: Headers;
  body: unknown;
};

export type FakeAnswer = { status?: number; body?: unknown } | 'network-error';
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * A small fake of `globalThis.fetch` for tests: handlers are keyed by 'METHOD /path' (path without
 * the query string, matched case-insensitively). Unknown calls answer 404 ROUTE_NOT_FOUND.
 */
export function installFakeFetch(handlers: Record<string, FakeHandler | FakeAnswer>) {
  const calls: FakeRequest[] = [];
  const table = new Map(Object.entries(handlers).map(([key, handler]) => [key.toLowerCase(), handler]));

  const fetchFake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      url,
      path: url.pathname,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    calls.push(request);
    const handler = table.get(`${method} ${url.pathname}`.toLowerCase());
    const answer: FakeAnswer =
      handler === undefined
        ? { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: `No fake for ${method} ${url.pathname}` } }
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchFake);
  return {
    calls,
    callsTo(method: string, path: string): FakeRequest[] {
      return calls.filter((call) => call.method === method && call.path.toLowerCase() === path.toLowerCase());
    },
  };
}

/** A promise whose answer the test decides later, for in-flight states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
