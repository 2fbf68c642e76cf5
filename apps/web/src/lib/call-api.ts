import type { CallDescriptor, CallInput, CallReply } from '@app/contracts/call.contract';
import { type ApiRequestOptions, apiRequest, buildPath } from './api-client';

export type CallOptions = Pick<ApiRequestOptions<never>, 'accessToken' | 'isQuiet' | 'signal'>;

type AnyInput = { params?: Record<string, string | number>; query?: unknown; body?: unknown };

/**
 * Makes a documented call from its descriptor (packages/contracts, decision 008): the path, method, access and
 * reply schema come from the descriptor, the parts to send are typed by its schemas, and the answer is parsed
 * with its reply schema (apiRequest: silent refresh, M1 on unexpected failures).
 */
export function callApi<T extends CallDescriptor>(
  call: T,
  ...[input, options]: keyof CallInput<T> extends never
    ? [input?: CallInput<T>, options?: CallOptions]
    : [input: CallInput<T>, options?: CallOptions]
): Promise<CallReply<T>> {
  const parts = (input ?? {}) as AnyInput;
  return apiRequest(buildPath(call.path, parts.params ?? {}), {
    method: call.method,
    query: parts.query as ApiRequestOptions<never>['query'],
    body: parts.body,
    schema: call.reply,
    isPublic: call.access.public === true,
    ...options,
  }) as Promise<CallReply<T>>;
}
