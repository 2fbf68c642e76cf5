import { z } from 'zod';

export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'INVALID_TRANSITION',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;

export type TErrorCode = (typeof errorCodes)[number];

export const ZErrorResponse = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  userMessage: z.string().optional(),
  details: z.unknown().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** The one error type of the product. Services throw it; only the HTTP error handler maps it to a status. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly userMessage?: string;
  readonly details?: unknown;

  constructor(code: TErrorCode, message: string, options: { userMessage?: string; details?: unknown } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.userMessage = options.userMessage;
    this.details = options.details;
  }

  /** Turns a wire error back into an AppError (used by the web client). */
  static fromResponse(body: unknown, fallbackStatus: number): AppError {
    const parsed = ZErrorResponse.safeParse(body);
    if (parsed.success) {
      return new AppError(parsed.data.code, parsed.data.message, {
        userMessage: parsed.data.userMessage,
        details: parsed.data.details,
      });
    }
    return new AppError(fallbackStatus >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED', `HTTP ${fallbackStatus}`);
  }
}

export const errorStatusByCode: Record<TErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};
