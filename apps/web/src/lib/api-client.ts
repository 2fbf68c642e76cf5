import { authCalls, ZTokenResponse } from '@app/contracts/auth.contract';
import { AppError } from '@app/contracts/errors.contract';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { env } from '../env';
import type { SessionTokens } from './session-store';
import { sessionStore, tokensFromResponse } from './session-store';

/** M1: shown for every failure other than a 4xx (000 §7, §8). 4xx errors go to the caller. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';

/** An HTTP error answer, turned back into the product's AppError, with the status kept for callers. */
export class ApiHttpError extends AppError {
  readonly status: number;

  constructor(status: number, body: unknown) {
    const appError = AppError.fromResponse(body, status);
    super(appError.code, appError.message, { userMessage: appError.userMessage, details: appError.details });
    this.name = 'ApiHttpError';
    this.status = status;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The request never got an answer (offline, DNS, connection refused, CORS). */
export class NetworkError extends Error {
  constructor(method: string, path: string, cause: unknown) {
    super(`${method} ${path} failed before the server answered`, { cause });
    this.name = 'NetworkError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions<TSchema extends z.ZodType> = {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Contract schema the 2xx answer must match. */
  schema: TSchema;
  /** Calls that need no sign-in (sign-in, refresh, password reset): no Authorization header, no refresh. */
  isPublic?: boolean;
  /** Use this access token instead of the stored one (right after sign-in, before the session is stored). */
  accessToken?: string;
  /** Do not show the M1 toast; for calls whose failure the screen reports itself. */
  isQuiet?: boolean;
  signal?: AbortSignal;
};

type RawAnswer = { status: number; body: unknown };

/** Fills `:name` placeholders of a contract path, e.g. `/dealers/:companyId`. */
export function buildPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${env.apiBaseUrl}${path}${queryString ? `?${queryString}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions<z.ZodType>,
  accessToken: string | undefined,
): Promise<RawAnswer> {
  // X-Requested-With: the server spends the refresh-token cookie only with it (a cross-site form cannot send it).
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'fetch' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: 'no-store',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(method, path, error);
  }
  return { status: response.status, body: await readBody(response) };
}

export function showUnexpectedError(): void {
  // A fixed id keeps several failing calls from stacking identical toasts.
  notifications.show({
    id: 'unexpected-error',
    color: 'red',
    title: 'Error',
    message: UNEXPECTED_ERROR_MESSAGE,
  });
}

function isUnauthenticated(answer: RawAnswer): boolean {
  if (answer.status !== 401) return false;
  const code = (answer.body as { code?: unknown } | undefined)?.code;
  // A 401 without the product's error body is treated like UNAUTHENTICATED; INVALID_CREDENTIALS never is.
  return code === undefined || code === 'UNAUTHENTICATED';
}

/**
 * Typed call to the product API. 2xx answers are parsed with the contract schema; 4xx answers
 * throw ApiHttpError for the caller; other failures show M1 (unless quiet) and throw.
 * A 401 UNAUTHENTICATED triggers one shared silent refresh and a single retry.
 */
export async function apiRequest<TSchema extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<TSchema>,
): Promise<z.output<TSchema>> {
  const method = options.method ?? 'GET';
  try {
    const usesStoredToken = !options.isPublic && options.accessToken === undefined;
    const token = options.isPublic
      ? undefined
      : (options.accessToken ?? sessionStore.getSnapshot().tokens?.accessToken);
    let answer = await send(method, path, options, token);
    if (usesStoredToken && token && isUnauthenticated(answer)) {
      const fresh = await refreshAccessToken(token);
      answer = await send(method, path, options, fresh.accessToken);
      if (isUnauthenticated(answer)) sessionStore.clear();
    }
    if (answer.status >= 200 && answer.status < 300) {
      const parsed = options.schema.safeParse(answer.body);
      if (!parsed.success) {
        console.error(`${method} ${path}: answer does not match the contract`, parsed.error.issues);
        throw new AppError(
          'INTERNAL',
          `${method} ${path} answered with a body that does not match the contract`,
        );
      }
      return parsed.data;
    }
    throw new ApiHttpError(answer.status, answer.body);
  } catch (error) {
    const isClientError = error instanceof ApiHttpError && error.isClientError;
    const isAbort = error instanceof DOMException && error.name === 'AbortError';
    if (!isClientError && !isAbort && !options.isQuiet) showUnexpectedError();
    throw error;
  }
}

export function apiGet<TSchema extends z.ZodType>(
  path: string,
  schema: TSchema,
  options: Omit<ApiRequestOptions<TSchema>, 'schema' | 'method' | 'body'> = {},
): Promise<z.output<TSchema>> {
  return apiRequest(path, { ...options, schema, method: 'GET' });
}

export function apiPost<TSchema extends z.ZodType>(
  path: string,
  body: unknown,
  schema: TSchema,
  options: Omit<ApiRequestOptions<TSchema>, 'schema' | 'method' | 'body'> = {},
): Promise<z.output<TSchema>> {
  return apiRequest(path, { ...options, schema, body, method: 'POST' });
}

// ---------------------------------------------------------------------------------------------
// Token rotation. Refresh tokens work once (and a reused one revokes its whole family), so every
// rotation in this tab runs one at a time, and across tabs under a Web Lock where the browser has one.

/**
 * The refresh answer: a new token pair, with the user when the server includes it. Looser than the call's
 * reply schema, so this transport (below callApi, which sends through it) builds the call from the descriptor.
 */
const ZRefreshResponse = ZTokenResponse.partial({ user: true });
export type RefreshResponse = z.output<typeof ZRefreshResponse>;

let rotationQueue: Promise<unknown> = Promise.resolve();
let refreshInFlight: Promise<SessionTokens> | null = null;

async function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') return await locks.request('im.session.rotate', task);
  return task();
}

function runRotation<T>(task: () => Promise<T>): Promise<T> {
  const run = () => withCrossTabLock(task);
  const result = rotationQueue.then(run, run);
  rotationQueue = result.catch(() => undefined);
  return result;
}

function sessionExpiredError(): ApiHttpError {
  return new ApiHttpError(401, {
    code: 'UNAUTHENTICATED',
    message: 'The session has ended. Please sign in again.',
  });
}

/** The refresh token travels in the HttpOnly cookie the server set; the body carries at most the company. */
async function postRefresh(body: { companyId?: number }): Promise<RefreshResponse> {
  try {
    const { path, method } = authCalls.refresh;
    return await apiRequest(path, { method, body, schema: ZRefreshResponse, isPublic: true, isQuiet: true });
  } catch (error) {
    // The server refused the refresh token: the session is over. A network or server failure keeps it.
    if (error instanceof ApiHttpError && error.status === 401) sessionStore.clear();
    throw error;
  }
}

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one request. When another
 * tab already rotated the tokens (the stored access token is no longer `staleAccessToken`), those
 * tokens are used instead of spending the new refresh token again.
 */
export function refreshAccessToken(staleAccessToken?: string): Promise<SessionTokens> {
  refreshInFlight ??= runRotation(async () => {
    const current = sessionStore.readFreshTokens();
    if (!current) {
      sessionStore.clear();
      throw sessionExpiredError();
    }
    if (staleAccessToken !== undefined && current.accessToken !== staleAccessToken) {
      if (sessionStore.getSnapshot().tokens?.accessToken !== current.accessToken)
        sessionStore.saveTokens(current);
      return current;
    }
    const answer = await postRefresh({});
    const tokens = tokensFromResponse(answer);
    sessionStore.saveTokens(tokens, answer.user);
    return tokens;
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Company switching (002 §2.3): a new token pair scoped to `companyId`, stored like a refresh. */
export function rotateTokensForCompany(companyId: number): Promise<RefreshResponse> {
  return runRotation(async () => {
    const current = sessionStore.readFreshTokens();
    if (!current) {
      sessionStore.clear();
      throw sessionExpiredError();
    }
    const answer = await postRefresh({ companyId });
    sessionStore.saveTokens(tokensFromResponse(answer), answer.user);
    return answer;
  });
}
