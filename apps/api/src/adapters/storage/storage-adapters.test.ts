import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Fake } from '../../../test/fakes/s3-fake-server';
import { createLocalStorageAdapter, verifySignedLink } from './local-storage-adapter';
import { createS3StorageAdapter } from './s3-storage-adapter';
import { StorageNotFoundError, type StoragePort } from './storage-port';

const pdf = Buffer.from('%PDF-1.7\n% a small document\n%%EOF\n');

function behavesLikeStorage(name: string, make: () => StoragePort) {
  describe(`${name}: the storage port`, () => {
    it('stores, reads back, replaces and deletes an object', async () => {
      const storage = make();
      await storage.put('contracts/request-1/contract-1.pdf', pdf, 'application/pdf');
      expect(await storage.get('contracts/request-1/contract-1.pdf')).toEqual(pdf);
      const other = Buffer.from('%PDF-1.7\nsecond\n');
      await storage.put('contracts/request-1/contract-1.pdf', other, 'application/pdf');
      expect(await storage.get('contracts/request-1/contract-1.pdf')).toEqual(other);
      await storage.delete('contracts/request-1/contract-1.pdf');
      await expect(storage.get('contracts/request-1/contract-1.pdf')).rejects.toBeInstanceOf(
        StorageNotFoundError,
      );
    });

    it('refuses keys that could leave the root', async () => {
      const storage = make();
      for (const key of ['../x.pdf', '/abs.pdf', 'a//b.pdf', 'a/./b.pdf', 'a b.pdf', '']) {
        await expect(storage.put(key, pdf, 'application/pdf')).rejects.toThrow(/Invalid storage key/);
      }
    });
  });
}

describe('local disk adapter', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let now = new Date('2026-03-01T12:00:00Z');
  const options = {
    dir,
    secret: 'storage-secret-storage-secret-0123456789',
    downloadUrl: 'http://127.0.0.1:3000/api/storage/object',
    clock: () => now,
  };
  behavesLikeStorage('local', () => createLocalStorageAdapter(options));

  it('signs links that expire and refuse any change of key, expiry, name or signature', async () => {
    const storage = createLocalStorageAdapter(options);
    const url = new URL(
      await storage.signedUrl('contracts/a.pdf', { expiresInSeconds: 300, fileName: 'contract-7.pdf' }),
    );
    expect(url.pathname).toBe('/api/storage/object');
    const query = {
      key: url.searchParams.get('key') ?? '',
      expires: Number(url.searchParams.get('expires')),
      name: url.searchParams.get('name') ?? undefined,
      signature: url.searchParams.get('signature') ?? '',
    };
    expect(query.key).toBe('contracts/a.pdf');
    expect(verifySignedLink(options.secret, query, now)).toBe('ok');
    expect(verifySignedLink(options.secret, { ...query, key: 'contracts/b.pdf' }, now)).toBe('invalid');
    expect(verifySignedLink(options.secret, { ...query, expires: query.expires + 60 }, now)).toBe('invalid');
    expect(verifySignedLink(options.secret, { ...query, name: 'other.pdf' }, now)).toBe('invalid');
    expect(verifySignedLink(options.secret, { ...query, signature: 'x' }, now)).toBe('invalid');
    expect(verifySignedLink('another-secret', query, now)).toBe('invalid');
    now = new Date(now.getTime() + 301_000);
    expect(verifySignedLink(options.secret, query, now)).toBe('expired');
  });
});

describe('S3 adapter against a local fake (s3rver on loopback)', () => {
  let fake: Awaited<ReturnType<typeof startS3Fake>>;
  beforeAll(async () => {
    fake = await startS3Fake('contracts-test');
  });
  afterAll(() => fake.close());
  const make = () =>
    createS3StorageAdapter({
      bucket: 'contracts-test',
      region: 'us-east-1',
      endpoint: fake.endpoint,
      credentials: fake.credentials,
      prefix: 't/',
    });
  behavesLikeStorage('s3', make);

  it('presigns a GET that downloads the object until it expires', async () => {
    const storage = make();
    await storage.put('contracts/signed.pdf', pdf, 'application/pdf');
    const url = await storage.signedUrl('contracts/signed.pdf', { expiresInSeconds: 60, fileName: 'c.pdf' });
    expect(url).toContain('X-Amz-Signature=');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
    const parsed = new URL(url);
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(parsed.searchParams.get('response-content-disposition')).toBe('inline; filename="c.pdf"');
    const short = await storage.signedUrl('contracts/signed.pdf', { expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(short)).status).toBe(403);
  });
});
