import { randomUUID } from 'node:crypto';
import { AppError } from '@app/contracts/errors.contract';
import { w9Messages as M, type TW9Link, type TW9Reply, W9_LIMITS } from '@app/contracts/profile.contract';
import { extensionOf, type SniffedType, sniffFileType } from '../../adapters/storage/file-type';
import { isStored } from '../../adapters/storage/is-stored';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { AuthContext } from '../../platform/security/auth-context';
import { w9Pdf } from '../financials/financials.w9';
import { type W9Repository, w9Dto } from './profile.w9.repository';

export type W9Upload = { buffer: Buffer; filename: string };

export type W9ServiceDeps = {
  repository: W9Repository;
  storage: StoragePort;
  signedUrlTtlSeconds: number;
  clock: () => Date;
  log?: { warn(object: unknown, message: string): void };
};

/** The name a download is offered under: the uploaded name without path or odd characters, with the stored type's extension. */
export function downloadNameOf(fileName: string, contentType: string): string {
  const ext = extensionOf(contentType as SniffedType);
  const base = fileName
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 80);
  return `${base || 'W-9'}.${ext}`;
}

/** The uploaded file's name as shown: its last path segment, no control characters, at most 200 characters. */
function cleanFileName(name: string, ext: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || `W-9.${ext}`).slice(0, 200);
}

/**
 * The installer's W-9 (decision 023): upload, replace and remove by the installer's own users (not ASSIST:
 * the guard refuses it every write), and a short-lived link for them and for a dealership that paid the
 * installer by check or cash. The file is stored through the storage port under a fresh key; the record
 * follows, and a failed record write deletes the file again.
 */
export function createW9Service({ repository, storage, signedUrlTtlSeconds, clock, log }: W9ServiceDeps) {
  /** The path's installer must be the company the session acts for. */
  function assertOwn(auth: AuthContext, installerId: number) {
    if (auth.userType !== 'installer' || auth.companyId !== installerId) {
      throw new AppError('FORBIDDEN', M.notYours);
    }
  }

  /** The file's type by content, within the limits (400 empty, 413 too large, 415 not PDF/JPEG/PNG). */
  function checkFile(file: W9Upload | null): { file: W9Upload; type: SniffedType } {
    if (!file) throw new AppError('VALIDATION_FAILED', M.fileRequired);
    if (file.buffer.length === 0) throw new AppError('VALIDATION_FAILED', M.empty);
    if (file.buffer.length > W9_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.tooLarge);
    const type = sniffFileType(file.buffer);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.wrongType);
    return { file, type };
  }

  async function forget(key: string) {
    await storage
      .delete(key)
      .catch((error: unknown) => log?.warn({ err: error, key }, 'a W-9 file was not deleted'));
  }

  async function replyOf(installerId: number, message: string): Promise<TW9Reply> {
    const row = await repository.find(installerId);
    if (!row) throw new AppError('CONFLICT', 'The W-9 changed meanwhile. Please reload the page.');
    return { success: true, message, w9: w9Dto(row) };
  }

  return {
    assertOwn,

    /** POST (upload: 409 when one is on file) or PUT (replace: 404 when none is). */
    async save(
      auth: AuthContext,
      installerId: number,
      upload: W9Upload | null,
      mode: 'upload' | 'replace',
    ): Promise<TW9Reply> {
      assertOwn(auth, installerId);
      const { file, type } = checkFile(upload);
      const existing = await repository.find(installerId);
      if (mode === 'upload' && existing) throw new AppError('CONFLICT', M.alreadyOnFile);
      if (mode === 'replace' && !existing) throw new AppError('NOT_FOUND', M.notOnFile);
      const ext = extensionOf(type);
      const key = `w9/installer-${installerId}/${randomUUID()}.${ext}`;
      const values = {
        storageKey: key,
        fileName: cleanFileName(file.filename, ext),
        contentType: type,
        sizeBytes: file.buffer.length,
        uploadedAt: clock(),
        uploadedByUserId: auth.userId,
      };
      await storage.put(key, file.buffer, type);
      try {
        if (mode === 'upload') {
          if (!(await repository.insert(installerId, values))) {
            throw new AppError('CONFLICT', M.alreadyOnFile);
          }
        } else {
          const replaced = await repository.replace(installerId, values);
          if (replaced === null) throw new AppError('NOT_FOUND', M.notOnFile);
          await forget(replaced);
        }
      } catch (error) {
        await forget(key);
        throw error;
      }
      return replyOf(installerId, mode === 'upload' ? M.uploaded : M.replaced);
    },

    async remove(auth: AuthContext, installerId: number) {
      assertOwn(auth, installerId);
      const key = await repository.remove(installerId);
      if (key === null) throw new AppError('NOT_FOUND', M.notOnFile);
      await forget(key);
      return { success: true as const, message: M.removed };
    },

    /**
     * A link to the W-9 for the installer's own users, or for a dealership that paid it by check or cash
     * (its 1099s). Anyone else gets the same 404 as a W-9 that is not on file.
     */
    async link(auth: AuthContext, installerId: number): Promise<TW9Link> {
      const isOwn = auth.userType === 'installer' && auth.companyId === installerId;
      const mayRead =
        isOwn ||
        (auth.userType === 'dealer' && (await repository.dealerPaidDirectly(auth.companyId, installerId)));
      const row = mayRead ? await repository.find(installerId) : null;
      if (!row) throw new AppError('NOT_FOUND', isOwn ? M.notOnFile : M.notFound);
      const fileName = downloadNameOf(row.fileName, row.contentType);
      const url = await storage.signedUrl(row.storageKey, {
        expiresInSeconds: signedUrlTtlSeconds,
        fileName,
      });
      return {
        url,
        expiresAt: new Date(clock().getTime() + signedUrlTtlSeconds * 1000).toISOString(),
        fileName,
      };
    },

    /**
     * Demo data only, on the start that seeded it: each seeded W-9 (key under w9/demo/) whose file is missing
     * gets a generated one-page form naming the installer. Returns how many were written.
     */
    async writeMissingDemoFiles(): Promise<number> {
      let written = 0;
      for (const row of await repository.listDemo()) {
        if (await isStored(storage, row.storageKey)) continue;
        const pdf = w9Pdf({
          name: row.name,
          businessName: row.name,
          classification: 'Limited liability company (demo data)',
          address: row.addressLine1 ?? '',
          cityStateZip: [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          tin: 'demo data - not a real TIN',
          date: new Date(row.uploadedAt),
          note: 'Demo data: a generated sample, not a real tax form.',
        });
        await storage.put(row.storageKey, pdf, 'application/pdf');
        await repository.setSize(row.installerId, pdf.length);
        written += 1;
      }
      return written;
    },
  };
}
export type W9Service = ReturnType<typeof createW9Service>;
