import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';

type Operation = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown> };
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

let doc: Document;
let operations: { method: string; path: string; op: Operation }[];

const t = useTestApp();
beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});

type Schema = { pattern?: string; format?: string; properties?: Record<string, Schema> };

function operation(path: string, method: string) {
  const op = doc.paths[path]?.[method] as
    | (Operation & {
        parameters?: { name: string; schema: Schema }[];
        requestBody?: { content: { 'application/json': { schema: Schema } } };
      })
    | undefined;
  if (!op) throw new Error(`${method} ${path} is not documented`);
  return op;
}
const parameterSchema = (path: string, method: string, name: string) =>
  operation(path, method).parameters?.find((p) => p.name === name)?.schema;
const bodyProperties = (path: string, method: string) =>
  operation(path, method).requestBody?.content['application/json'].schema.properties ?? {};
const matches = (schema: Schema | undefined, value: string) =>
  schema?.pattern !== undefined && new RegExp(schema.pattern).test(value);

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

  it('gives the VIN, phone, e-mail and date rules the server enforces as a pattern or a format', () => {
    const vin = parameterSchema('/api/vin/', 'get', 'Id');
    expect(matches(vin, ' 1hgcm82633a004352 ')).toBe(true);
    expect(matches(vin, '1HGCM82633A00435I')).toBe(false);
    const customer = bodyProperties('/api/customers', 'post');
    expect(customer.customerEmailAddress?.format).toBe('email');
    expect(matches(customer.customerPhoneNumber, '+1 (813) 555-0100')).toBe(true);
    expect(matches(customer.customerPhoneNumber, '555-0100')).toBe(false);
    const offer = bodyProperties('/api/requestOffered/{id}', 'put');
    for (const day of ['2026-03-01', '2026/03/01 10:00:00', '2026-03-01T10:00:00Z']) {
      expect(matches(offer.startDate, day)).toBe(true);
    }
    expect(matches(offer.startDate, 'next Tuesday')).toBe(false);
  });

  it('names the server the calls are made on', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.publicUrl })]);
  });
});
