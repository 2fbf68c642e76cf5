import { AppError } from '@app/contracts/errors.contract';
import { profileCalls as calls, w9Messages as M, W9_LIMITS } from '@app/contracts/profile.contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/security/auth-context';
import { registerCall } from '../../plugins/register-call';
import type { W9Service, W9Upload } from './profile.w9.service';

type W9Mode = 'upload' | 'replace';

/**
 * Reads the W-9 upload: one file in the field "file" (other text fields are ignored). 415 when the body is not
 * multipart, 413 past 10 MB, 400 on a broken body or another file field.
 */
async function readW9(request: FastifyRequest): Promise<W9Upload | null> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.notMultipart);
  let file: W9Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        throw new AppError('VALIDATION_FAILED', `Send one file, in the field "file" (got ${part.fieldname})`);
      }
      file = { buffer: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('PAYLOAD_TOO_LARGE', M.tooLarge);
    throw new AppError('VALIDATION_FAILED', `The upload could not be read: ${(error as Error).message}`);
  }
  return file;
}

/** The installer's W-9 (decision 023): upload, replace, remove and the download link. */
export function registerW9Routes(api: FastifyInstance, { service }: { service: W9Service }) {
  registerCall(api, calls.removeW9, ({ auth, params }) => service.remove(auth, params.installerId));
  registerCall(api, calls.w9Link, ({ auth, params }) => service.link(auth, params.installerId));
  api.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: W9_LIMITS.maxBytes, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
    });
    // Who may is checked before the body is read.
    const save = async (auth: AuthContext, installerId: number, request: FastifyRequest, mode: W9Mode) => {
      service.assertOwn(auth, installerId);
      return service.save(auth, installerId, await readW9(request), mode);
    };
    registerCall(scope, calls.uploadW9, ({ auth, params, request }) =>
      save(auth, params.installerId, request, 'upload'),
    );
    registerCall(scope, calls.replaceW9, ({ auth, params, request }) =>
      save(auth, params.installerId, request, 'replace'),
    );
  });
}
