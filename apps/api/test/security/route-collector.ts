/**
 * Collects every route the app registers, with its options (method, url, config, schema): its `onRoute` is
 * passed to buildApp, which hooks it onto the Fastify instance before any module registers.
 */
import type { RouteOptions } from 'fastify';
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

export function createRouteCollector() {
  const collected: RouteOptions[] = [];
  return {
    onRoute: (route: RouteOptions) => {
      collected.push(route);
    },
    apiRoutes: () => apiRoutesOf(collected),
  };
}

/** Every /api route of those collected, one entry per method (HEAD, answered like GET, left out). */
function apiRoutesOf(collected: RouteOptions[]): ApiRoute[] {
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
  if (routes.length === 0) throw new Error('No /api route collected: was onRoute passed to buildApp?');
  return routes;
}
