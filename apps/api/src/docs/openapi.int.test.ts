import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

type Operation = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown> };
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

let t: TestApp;
let doc: Document;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

/** '/api/x/:id' (Fastify) → '/api/x/{id}' (OpenAPI). */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document (GET /api/docs/json) that client generators read', () => {
  it('names every operation, each with its own operationId', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.filter(({ op }) => !op.operationId).map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('has no two path templates that differ only by the names of their parameters', () => {
    const byShape = new Map<string, string[]>();
    for (const path of Object.keys(doc.paths)) {
      const shape = path.replace(/\{[^}]+\}/g, '{}');
      byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
    }
    expect([...byShape.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it('says which calls are public (security: []) and documents 401 on every other, as the guard enforces', () => {
    const documented = new Map(operations.map((o) => [`${o.method} ${o.path}`, o.op]));
    const undocumented: string[] = [];
    const wrong: string[] = [];
    for (const route of t.app.apiRoutes) {
      if (route.method === 'HEAD') continue;
      const key = `${route.method} ${openApiPath(route.url)}`;
      const op = documented.get(key);
      if (!op) {
        undocumented.push(key);
        continue;
      }
      const markedPublic = Array.isArray(op.security) && op.security.length === 0;
      if (markedPublic !== route.isPublic)
        wrong.push(`${key}: public ${route.isPublic}, documented ${markedPublic}`);
      if (!route.isPublic && !op.responses?.['401']) wrong.push(`${key}: no 401 documented`);
    }
    expect(undocumented).toEqual([]);
    expect(wrong).toEqual([]);
    const publicOps = operations
      .filter(({ op }) => op.security?.length === 0)
      .map((o) => `${o.method} ${o.path}`);
    expect(publicOps).toEqual(
      expect.arrayContaining(['GET /api/health', 'GET /api/health/ready', 'POST /api/auth/signin']),
    );
  });

  it('names the server the calls are made on', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.publicUrl })]);
  });
});
