import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text that SQL wrote (platform/json-text.ts) as the reply, as it is: the call's reply schema
 * does not write it again. With `verify` (the test configuration) the text must read back exactly as that
 * schema writes it, so the whole integration suite checks the SQL against the contract: a field missing or
 * extra, or of the wrong type, fails the call as a reply that breaks its contract does.
 */
export function createJsonTextReply({ verify }: { verify: boolean }) {
  return (reply: FastifyReply, body: string): FastifyReply => {
    if (verify) {
      const sent: unknown = JSON.parse(body);
      const written: unknown = JSON.parse(reply.serialize(sent) as string);
      if (!isDeepStrictEqual(sent, written)) {
        throw new Error(
          `JSON written by SQL for ${reply.request.method} ${reply.request.url} differs from its contract:\n${body}\n${JSON.stringify(written)}`,
        );
      }
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
export type JsonTextReply = ReturnType<typeof createJsonTextReply>;
