import type { z } from 'zod';
import type { TErrorCode } from './errors.contract';

/**
 * One descriptor per documented call (docs/decisions/008-call-descriptors.md): everything both sides need to
 * know about it, in one place. The API registers its route from it (guard, validation, OpenAPI, error
 * replies: apps/api/src/plugins/register-call.ts) and the web calls it through it (apps/web/src/lib/call-api.ts),
 * so a path, a field or an access rule cannot differ between the two.
 */

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type CallRole = 'dealer' | 'installer';

/** Who may make the call, and what it does (the guard refuses ASSIST every 'write' unless allowAssist). */
export type CallAccess =
  | { public: true }
  | {
      public?: false;
      /** 'read' changes and sends nothing; anything else (even a GET that sends e-mail) is 'write'. */
      effect: 'read' | 'write';
      /** Only these user types (omitted: both); others get 403 before the body is looked at. */
      roles?: readonly CallRole[];
      /** A 'write' that ASSIST may make anyway (it changes nothing of the business, e.g. a page view). */
      allowAssist?: boolean;
    };

export type CallDescriptor = {
  /** Unique, camelCase: the OpenAPI operationId and the web client's name for the call. */
  operationId: string;
  method: CallMethod;
  /** The canonical path under /api, with `:name` parameters. */
  path: string;
  /** Other documented spellings of the same call (CONVENTIONS decision 3); they answer the same. */
  aliases?: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx answer. */
  reply: z.ZodType;
  /** Status of a successful answer (default 200). */
  status?: 200 | 201 | 202 | 204;
  /**
   * Other 2xx the handler may answer with the same reply (it sets them on `reply`), e.g. 200 when an
   * idempotent create repeats its first result instead of creating (201).
   */
  otherStatuses?: readonly (200 | 201 | 202 | 204)[];
  /** The errors the call can answer besides those every call can (validation, sign-in). */
  errors: readonly TErrorCode[];
  access: CallAccess;
  summary: string;
  description?: string;
  tags: readonly string[];
};

/** Declares a call; the literal type is kept so the server and the client infer every schema from it. */
export function defineCall<const T extends CallDescriptor>(call: T): T {
  return call;
}

/**
 * What a caller sends for one part. A coerced field (`z.coerce.number()`, typical of params and queries) takes
 * `unknown` as input; the caller is held to the type it becomes instead, keeping the field's optionality.
 */
type WireInput<S extends z.ZodType> =
  z.input<S> extends Record<string, unknown>
    ? {
        [K in keyof z.input<S>]: unknown extends z.input<S>[K]
          ? K extends keyof z.output<S>
            ? z.output<S>[K]
            : z.input<S>[K]
          : z.input<S>[K];
      }
    : z.input<S>;
type InputOf<T, K extends 'params' | 'query' | 'body'> =
  T extends Record<K, infer S extends z.ZodType> ? WireInput<S> : undefined;
type OutputOf<T, K extends 'params' | 'query' | 'body'> =
  T extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

/** What a caller sends: only the parts the call has. */
export type CallInput<T extends CallDescriptor> = DropUndefined<{
  params: InputOf<T, 'params'>;
  query: InputOf<T, 'query'>;
  body: InputOf<T, 'body'>;
}>;

/** What a handler receives after validation. */
export type CallParsed<T extends CallDescriptor> = {
  params: OutputOf<T, 'params'>;
  query: OutputOf<T, 'query'>;
  body: OutputOf<T, 'body'>;
};

export type CallReply<T extends CallDescriptor> = z.output<T['reply']>;
/** What a handler may return: the reply before its schema's transforms. */
export type CallReplyInput<T extends CallDescriptor> = z.input<T['reply']>;

type DropUndefined<T> = {
  [K in keyof T as T[K] extends undefined ? never : K]: T[K];
};

/** Every spelling of a call's path. */
export function pathsOf(call: CallDescriptor): readonly string[] {
  return [call.path, ...(call.aliases ?? [])];
}
