import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, StorageNotFoundError, type StoragePort } from './storage-port';

export type LocalStorageOptions = {
  /** The root directory (DATA_DIR/files by default). */
  dir: string;
  /** Signs the links; the same secret in every process (derived from JWT_SECRET). */
  secret: string;
  /** The absolute URL of the public download call, e.g. `https://host/api/storage/object`. */
  downloadUrl: string;
  clock?: () => Date;
};

export type SignedLinkQuery = { key: string; expires: number; name?: string | undefined; signature: string };

function sign(secret: string, key: string, expires: number, name: string | undefined): string {
  return createHmac('sha256', secret)
    .update(`storage-link\n${key}\n${expires}\n${name ?? ''}`)
    .digest('base64url');
}

/**
 * Checks a local signed link: 'ok', 'expired' or 'invalid' (tampered key, expiry, name or signature).
 * Compared in constant time.
 */
export function verifySignedLink(
  secret: string,
  query: SignedLinkQuery,
  now: Date,
): 'ok' | 'expired' | 'invalid' {
  const expected = Buffer.from(sign(secret, query.key, query.expires, query.name));
  const given = Buffer.from(query.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return query.expires * 1000 <= now.getTime() ? 'expired' : 'ok';
}

/** Files on local disk under one root; writes go to a temporary file first, then rename (never half-written). */
export function createLocalStorageAdapter(options: LocalStorageOptions): StoragePort {
  const root = path.resolve(options.dir);
  const clock = options.clock ?? (() => new Date());
  const fileOf = (key: string) => path.join(root, ...assertStorageKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async signedUrl(key, { expiresInSeconds, fileName }) {
      assertStorageKey(key);
      const expires = Math.floor(clock().getTime() / 1000) + expiresInSeconds;
      const url = new URL(options.downloadUrl);
      url.searchParams.set('key', key);
      url.searchParams.set('expires', String(expires));
      if (fileName) url.searchParams.set('name', fileName);
      url.searchParams.set('signature', sign(options.secret, key, expires, fileName));
      return url.toString();
    },
  };
}
