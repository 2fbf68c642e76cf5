import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  AppError,
  errorStatusByCode,
  type TErrorCode,
  type TErrorResponse,
} from '@app/contracts/errors.contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailableError } from '../db/unavailable';

/** Seconds a caller is asked to wait on SERVICE_UNAVAILABLE (a database restart takes a few). */
const DATABASE_RETRY_AFTER_S = 5;

/**
 * The one place that knows HTTP statuses. Services throw AppError; everything else is either
 * a framework error we translate (bad JSON, body too large, validation) or a bug (500, logged).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { notFoundPerMinute?: number } = {},
): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const send = (code: TErrorCode, message: string, extra: Partial<TErrorResponse> = {}) => {
      const body: TErrorResponse = { code, message, ...extra };
      if (code === 'SERVICE_UNAVAILABLE') reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return reply.status(errorStatusByCode[code]).send(body);
    };

    if (error instanceof AppError) {
      if (errorStatusByCode[error.code] >= 500) request.log.error({ err: error }, 'internal error');
      return send(error.code, error.message, {
        ...(error.userMessage ? { userMessage: error.userMessage } : {}),
        ...(error.details !== undefined ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: [
          error.validationContext,
          ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : []),
        ].join('.'),
        message: v.message ?? 'invalid',
      }));
      const first = details[0];
      return send('VALIDATION_FAILED', first ? `${first.field}: ${first.message}` : 'Invalid request', {
        details,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its contract');
      return send('INTERNAL', 'An unexpected error occurred.');
    }
    const fastifyError = error as FastifyError;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send('PAYLOAD_TOO_LARGE', 'Request body is too large');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send('VALIDATION_FAILED', 'Request body is not valid JSON');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(
          'VALIDATION_FAILED',
          `Unsupported content type: ${request.headers['content-type'] ?? 'none'}`,
        );
      default:
        break;
    }
    if (fastifyError.statusCode === 429) {
      return send('RATE_LIMITED', 'Too many requests. Please wait and try again.');
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return send('VALIDATION_FAILED', fastifyError.message);
    }
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send('SERVICE_UNAVAILABLE', 'The database is unavailable. Please try again shortly.');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send('INTERNAL', 'An unexpected error occurred.');
  });

  // Probing for calls that do not exist is rate-limited per IP (house style §5).
  const notFoundOptions = app.rateLimit
    ? { preHandler: app.rateLimit({ max: options.notFoundPerMinute ?? 120, timeWindow: 60_000 }) }
    : {};
  app.setNotFoundHandler(notFoundOptions, (request, reply) => {
    const body: TErrorResponse = {
      code: 'ROUTE_NOT_FOUND',
      message: `No such call: ${request.method} ${request.url.split('?')[0]}`,
    };
    return reply.status(404).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs. A path that does not
 * decode (`/api/%E0%A4%A`) is 400 VALIDATION_FAILED; a path parameter over `maxParamLength` is 414 URI_TOO_LONG.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: TErrorResponse = tooLong
    ? uriTooLong
    : { code: 'VALIDATION_FAILED', message: 'The request path is not a valid URL' };
  request.log.info({ code: error.code }, 'request refused by the router');
  return reply.status(errorStatusByCode[body.code]).send(body);
}

/** Longest path parameter the router takes (Fastify's `maxParamLength`). */
export const MAX_PARAM_LENGTH = 512;

const uriTooLong: TErrorResponse = {
  code: 'URI_TOO_LONG',
  message: 'A path parameter is longer than any call accepts',
};

/**
 * An /api path that reached the web app's catch-all route: with a built web app, the router matches the
 * catch-all instead of refusing an over-long parameter, so the same 414 is answered here; anything else is the
 * API's 404.
 */
export function answerUnmatchedApiPath(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  if (path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) {
    return reply.status(errorStatusByCode[uriTooLong.code]).send(uriTooLong);
  }
  return reply.callNotFound();
}

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser raises before Fastify sees a request (headers
 * over the limit: 431; a malformed request: 400; a slow client: 408). Written straight to the socket, but in
 * the product's `{ code, message }` shape.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, TErrorResponse] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { code: 'VALIDATION_FAILED', message: 'The request took too long to arrive' }]
        : [400, { code: 'VALIDATION_FAILED', message: 'The request is not valid HTTP' }];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
