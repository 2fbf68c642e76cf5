import { StorageNotFoundError, type StoragePort } from './storage-port';

/** Whether an object is stored at `key` (reads it: meant for the demo data's few files). */
export async function isStored(storage: Pick<StoragePort, 'get'>, key: string): Promise<boolean> {
  try {
    await storage.get(key);
    return true;
  } catch (error) {
    if (error instanceof StorageNotFoundError) return false;
    throw error;
  }
}
