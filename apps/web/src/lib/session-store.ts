import type { TSessionUser } from '@app/contracts/auth.contract';
import { ZSessionUser } from '@app/contracts/auth.contract';
import type { TDealerRecord, TInstallerRecord } from '@app/contracts/shell.contract';
import { ZDealerRecord, ZInstallerRecord } from '@app/contracts/shell.contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * The signed-in session, kept in localStorage so it survives reloads and is shared by tabs.
 * Every value is parsed on read: a stale or hand-edited entry counts as missing, never as a crash.
 * The refresh token is not here, nor anywhere a script can read it: the server keeps it in an HttpOnly
 * cookie limited to /api/auth (docs/decisions/006-sign-in-throttling.md). Only the 15-minute access
 * token is stored.
 */
const storageKeys = {
  tokens: 'im.session.tokens',
  user: 'im.session.user',
  company: 'im.session.company',
} as const;

const ZSessionTokens = z.object({
  accessToken: z.string().min(1),
  /** Lifetime of the access token in seconds, as the server gave it. */
  expiresIn: z.number(),
  /** Epoch milliseconds when the access token expires. */
  expiresAt: z.number(),
});
export type SessionTokens = z.infer<typeof ZSessionTokens>;

const ZStoredCompany = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dealer'), record: ZDealerRecord }),
  z.object({ kind: z.literal('installer'), record: ZInstallerRecord }),
]);
export type StoredCompany =
  | { kind: 'dealer'; record: TDealerRecord }
  | { kind: 'installer'; record: TInstallerRecord };

export type Session = {
  tokens: SessionTokens | null;
  user: TSessionUser | null;
  company: StoredCompany | null;
};

function readStorage<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: unknown): void {
  if (value === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, JSON.stringify(value));
}

function readSessionFromStorage(): Session {
  // A session stored by an earlier version kept its refresh token here: take it out of storage.
  if (window.localStorage.getItem(storageKeys.tokens)?.includes('"refreshToken"')) {
    writeStorage(storageKeys.tokens, readStorage(storageKeys.tokens, ZSessionTokens));
  }
  return {
    tokens: readStorage(storageKeys.tokens, ZSessionTokens),
    user: readStorage(storageKeys.user, ZSessionUser),
    company: readStorage(storageKeys.company, ZStoredCompany),
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: Session | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

function reloadSnapshot(): void {
  snapshot = readSessionFromStorage();
  notify();
}

function handleStorageEvent(event: StorageEvent): void {
  // Another tab signed in, refreshed tokens, switched company or signed out.
  if (event.key === null || (Object.values(storageKeys) as string[]).includes(event.key)) reloadSnapshot();
}

export const sessionStore = {
  getSnapshot(): Session {
    snapshot ??= readSessionFromStorage();
    return snapshot;
  },

  /** Reads the tokens straight from storage (another tab may have rotated them a moment ago). */
  readFreshTokens(): SessionTokens | null {
    return readStorage(storageKeys.tokens, ZSessionTokens);
  },

  subscribe(listener: Listener): () => void {
    if (listeners.size === 0) window.addEventListener('storage', handleStorageEvent);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', handleStorageEvent);
    };
  },

  /** Stores a whole signed-in session at once, so no screen ever sees tokens without a user or company. */
  saveSession(session: { tokens: SessionTokens; user: TSessionUser; company: StoredCompany }): void {
    writeStorage(storageKeys.tokens, session.tokens);
    writeStorage(storageKeys.user, session.user);
    writeStorage(storageKeys.company, session.company);
    reloadSnapshot();
  },

  saveTokens(tokens: SessionTokens, user?: TSessionUser): void {
    writeStorage(storageKeys.tokens, tokens);
    if (user) writeStorage(storageKeys.user, user);
    reloadSnapshot();
  },

  saveCompany(company: StoredCompany | null): void {
    writeStorage(storageKeys.company, company);
    reloadSnapshot();
  },

  clear(): void {
    for (const key of Object.values(storageKeys)) window.localStorage.removeItem(key);
    reloadSnapshot();
  },
};

/** What the session keeps of a token answer: the access token only (the refresh token is the cookie's). */
export function tokensFromResponse(response: { accessToken: string; expiresIn: number }): SessionTokens {
  return {
    accessToken: response.accessToken,
    expiresIn: response.expiresIn,
    expiresAt: Date.now() + response.expiresIn * 1000,
  };
}

export function companyTitle(company: StoredCompany): string {
  return company.kind === 'dealer' ? company.record.dealer_name : company.record.Installer_Name;
}

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}
