import {
  type CallDescriptor,
  type CallParsed,
  type CallReplyInput,
  pathsOf,
} from '@app/contracts/call.contract';
import { errorStatusByCode, type TErrorCode, ZErrorResponse } from '@app/contracts/errors.contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../platform/security/auth-context';
import { requireAuth } from './auth-guard';

type AuthOf<T extends CallDescriptor> = T['access'] extends { public: true }
  ? AuthContext | null
  : AuthContext;

export type CallContext<T extends CallDescriptor> = CallParsed<T> & {
  auth: AuthOf<T>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A handler answers the reply (it is validated and written by the call's schema) or sends it itself. */
export type CallHandler<T extends CallDescriptor> = (
  context: CallContext<T>,
) => Promise<CallReplyInput<T> | FastifyReply> | CallReplyInput<T> | FastifyReply;

/** Errors every call can answer, whatever it declares. */
function implicitErrors(call: CallDescriptor): TErrorCode[] {
  const codes: TErrorCode[] = [];
  if (call.params || call.query || call.body) codes.push('VALIDATION_FAILED');
  if (!call.access.public) codes.push('UNAUTHENTICATED', 'FORBIDDEN');
  return codes;
}

/** The OpenAPI/response map: the reply under its status, the error shape under every status it can answer. */
export function responsesOf(call: CallDescriptor): Record<number, unknown> {
  const responses: Record<number, unknown> = { [call.status ?? 200]: call.reply };
  for (const status of call.otherStatuses ?? []) responses[status] = call.reply;
  for (const code of [...implicitErrors(call), ...call.errors]) {
    responses[errorStatusByCode[code]] = ZErrorResponse;
  }
  return responses;
}

/**
 * Registers one documented call from its descriptor, under every spelling of its path: the guard's
 * declaration (public, effect, roles, ASSIST), validation of params, query and body, the reply schema and
 * the error replies for OpenAPI and the serializer. The handler gets the parsed parts and the caller.
 */
export function registerCall<T extends CallDescriptor>(
  app: FastifyInstance,
  call: T,
  handler: CallHandler<T>,
): void {
  const { access } = call;
  const config: FastifyContextConfig = access.public
    ? { public: true }
    : {
        effect: access.effect,
        ...(access.roles ? { roles: access.roles } : {}),
        ...(access.allowAssist ? { allowAssist: true } : {}),
      };
  const status = call.status ?? 200;
  pathsOf(call).forEach((url, index) => {
    app.route({
      method: call.method,
      url,
      config,
      schema: {
        operationId: index === 0 ? call.operationId : `${call.operationId}Alias${index}`,
        tags: [...call.tags],
        summary: call.summary,
        ...(call.description ? { description: call.description } : {}),
        ...(call.params ? { params: call.params } : {}),
        ...(call.query ? { querystring: call.query } : {}),
        ...(call.body ? { body: call.body } : {}),
        response: responsesOf(call),
        ...(access.public ? { security: [] } : {}),
      },
      handler: async (request, reply) => {
        const auth = (access.public ? request.auth : requireAuth(request)) as AuthOf<T>;
        if (status !== 200) reply.status(status);
        return handler({
          auth,
          params: request.params,
          query: request.query,
          body: request.body,
          request,
          reply,
        } as CallContext<T>);
      },
    });
  });
}
