/**
 * Where documents live (customer contracts first): local disk under DATA_DIR by default, or an
 * S3-compatible object store so several API processes share the same files (STORAGE_DRIVER=s3).
 * Keys are relative, slash-separated paths such as `contracts/request-12/contract-3.pdf`.
 */
export type StoragePort = {
  readonly kind: 'local' | 's3';
  /** Stores (or replaces) one object. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Reads one object; rejects with StorageNotFoundError when it is missing. */
  get(key: string): Promise<Buffer>;
  /** Removes one object; missing is fine. */
  delete(key: string): Promise<void>;
  /**
   * A link anyone holding it may open until it expires: an HMAC-signed link to this API for the local
   * adapter, a presigned GET for S3. `fileName` names the download.
   */
  signedUrl(key: string, options: { expiresInSeconds: number; fileName?: string }): Promise<string>;
};

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** Refuses keys that could leave the storage root or confuse an object store. */
export function assertStorageKey(key: string): string {
  if (
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..') ||
    !/^[A-Za-z0-9._\-/]+$/.test(key)
  ) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return key;
}
