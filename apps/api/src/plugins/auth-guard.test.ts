import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TokenSigner } from '../platform/security/tokens';
import { registerAuthGuard } from './auth-guard';

/** An app with only the guard: the onRoute check needs none of its collaborators. */
async function appWithGuard(register: (api: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  await app.register(
    async (api) => {
      registerAuthGuard(api, {
        signer: {} as TokenSigner,
        loadSessionUser: async () => null,
      });
      register(api);
    },
    { prefix: '/api' },
  );
  return app;
}

const handler = async () => ({ ok: true });

describe('the auth guard at startup', () => {
  it('refuses a protected /api route that declares no effect', async () => {
    await expect(
      appWithGuard((api) => {
        api.get('/sendsomething/:id', handler);
      }),
    ).rejects.toThrow(/GET \/api\/sendsomething\/:id declares no effect/);
    await expect(
      appWithGuard((api) => {
        api.post('/things', { config: { allowAssist: true } }, handler);
      }),
    ).rejects.toThrow(/POST \/api\/things declares no effect/);
  });

  it('accepts declared and public routes', async () => {
    const app = await appWithGuard((api) => {
      api.get('/things', { config: { effect: 'read' } }, handler);
      api.post('/things', { config: { effect: 'write' } }, handler);
      api.post('/signin', { config: { public: true } }, handler);
    });
    await app.ready();
    await app.close();
  });
});
