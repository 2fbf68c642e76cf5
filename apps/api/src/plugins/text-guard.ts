import { AppError } from '@app/contracts/errors.contract';
import type { FastifyInstance } from 'fastify';

/** NUL, or a UTF-16 surrogate without its partner: text neither PostgreSQL nor UTF-8 can hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** Dotted paths (`body.services.0.note`) of the strings, keys included, that cannot be stored. */
export function findUnstorableText(value: unknown, path: string, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      findUnstorableText(item, `${path}.${index}`, found);
    });
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) found.push(`${path}.(key)`);
      else findUnstorableText(item, `${path}.${key}`, found);
    }
  }
  return found;
}

/**
 * Every route, schema or not: path parameters, query string and JSON body are refused with
 * 400 VALIDATION_FAILED when a string holds NUL or a lone surrogate. PostgreSQL refuses `\u0000` in text and
 * lone surrogates cannot be encoded as UTF-8, so letting them through turned caller mistakes into 500s.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields = [
      ...findUnstorableText(request.params, 'params'),
      ...findUnstorableText(request.query, 'querystring'),
      ...findUnstorableText(request.body, 'body'),
    ];
    const [first] = fields;
    if (first === undefined) return;
    throw new AppError('VALIDATION_FAILED', `${first}: ${MESSAGE}`, {
      details: fields.map((field) => ({ field, message: MESSAGE })),
    });
  });
}
