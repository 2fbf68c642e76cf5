import {
  CONTRACT_UPLOAD_LIMITS,
  customerContractCalls as calls,
  contractMessages,
  ZUploadContractFields,
} from '@app/contracts/customer-contracts.contract';
import { AppError } from '@app/contracts/errors.contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentTypeOfName } from '../../adapters/storage/file-type';
import { verifySignedLink } from '../../adapters/storage/local-storage-adapter';
import { StorageNotFoundError, type StoragePort } from '../../adapters/storage/storage-port';
import { registerCall } from '../../plugins/register-call';
import type { CustomerContractsService, UploadedFile } from './customer-contracts.service';

const FILE_FIELDS = new Set(['signature', 'file']);

/** Reads POST uploadContract's multipart body within the limits; 413 past a limit, 400 on a broken body. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the contract as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  const files: { signature?: UploadedFile; file?: UploadedFile } = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (!FILE_FIELDS.has(part.fieldname)) {
          throw new AppError('VALIDATION_FAILED', `Unexpected file field ${part.fieldname}`);
        }
        files[part.fieldname as 'signature' | 'file'] = {
          buffer,
          mimetype: part.mimetype,
          filename: part.filename,
        };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('PAYLOAD_TOO_LARGE', contractMessages.tooLarge);
    throw new AppError('VALIDATION_FAILED', `The upload could not be read: ${(error as Error).message}`);
  }
  if ((files.signature?.buffer.length ?? 0) > CONTRACT_UPLOAD_LIMITS.signatureBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', contractMessages.tooLarge);
  }
  const parsed = ZUploadContractFields.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      field: `body.${i.path.join('.')}`,
      message: i.message,
    }));
    throw new AppError('VALIDATION_FAILED', details.map((d) => `${d.field}: ${d.message}`).join('; '), {
      details,
    });
  }
  return { fields: parsed.data, files };
}

/** Rows 159 and 160, the contract screen's summary, and the local adapter's signed download. */
export function registerCustomerContractsRoutes(
  api: FastifyInstance,
  deps: { service: CustomerContractsService; storage: StoragePort; linkSecret: string; clock: () => Date },
) {
  const { service } = deps;
  registerCall(api, calls.summary, ({ auth, params }) => service.summary(auth, params.requestId));
  registerCall(api, calls.signedUrl, ({ auth, query }) => service.signedUrl(auth, query.requestId));
  api.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CONTRACT_UPLOAD_LIMITS.pdfBytes, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
    });
    registerCall(scope, calls.upload, async ({ auth, request }) => {
      const { fields, files } = await readUpload(request);
      return service.upload(auth, fields, files, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
    });
  });
  if (deps.storage.kind === 'local') {
    registerCall(api, calls.storageObject, async ({ query, reply }) => {
      const verdict = verifySignedLink(deps.linkSecret, query, deps.clock());
      if (verdict !== 'ok') {
        throw new AppError(
          'FORBIDDEN',
          verdict === 'expired' ? 'This link has expired.' : 'This link is not valid.',
        );
      }
      let body: Buffer;
      try {
        body = await deps.storage.get(query.key);
      } catch (error) {
        if (error instanceof StorageNotFoundError)
          throw new AppError('NOT_FOUND', 'The document no longer exists.');
        throw error;
      }
      const name = (query.name ?? 'document.pdf').replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .type(contentTypeOfName(query.name))
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    });
  }
}
