/**
 * Collects every route the app registers, with its options (method, url, config, schema), through an
 * `onRoute` hook added to the Fastify instance the moment it is created, so before any module registers.
 * A test file installs it with
 *   vi.mock('fastify', async (original) => (await import('./route-collector')).withRouteCollector(await original()));
 * This module imports nothing from fastify at run time (it would be the mocked module).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

export type RouteConfig = { public?: boolean; effect?: 'read' | 'write'; allowAssist?: boolean };

export type ApiRoute = {
  method: string;
  url: string;
  /** "GET /api/customers/:id": how failures and the allow-list name a route. */
  key: string;
  config: RouteConfig;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
};

const collected: RouteOptions[] = [];

// biome-ignore lint/suspicious/noExplicitAny: wraps whatever the fastify module exports
export function withRouteCollector(fastifyModule: any) {
  const original = fastifyModule.default;
  const wrapped = (options: unknown) => {
    const app = original(options) as FastifyInstance;
    app.addHook('onRoute', (route) => {
      collected.push(route);
    });
    return app;
  };
  Object.assign(wrapped, original);
  return { ...fastifyModule, default: wrapped, fastify: wrapped };
}

/** Every /api route registered so far, one entry per method (HEAD, answered like GET, left out). */
export function collectedApiRoutes(): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const seen = new Set<string>();
  for (const route of collected) {
    if (!route.url.toLowerCase().startsWith('/api')) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const schema = (route.schema ?? {}) as { params?: ZodType; querystring?: ZodType; body?: ZodType };
      routes.push({
        method,
        url: route.url,
        key,
        config: (route.config ?? {}) as RouteConfig,
        params: schema.params,
        querystring: schema.querystring,
        body: schema.body,
      });
    }
  }
  if (routes.length === 0) throw new Error('No /api route collected: is vi.mock("fastify", …) installed?');
  return routes;
}
