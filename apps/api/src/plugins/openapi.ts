import { APP_VERSION } from '@app/contracts/shell.contract';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document (GET /api/docs/json), generated from the route schemas, i.e. from the call descriptors.
 * `npm run lint:openapi` holds it to Redocly's recommended rules (redocly.yaml), so client generators accept it.
 */
export function openApiOptions({ publicUrl }: { publicUrl: string }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Installer Marketplace API',
        version: APP_VERSION,
        description:
          'Every documented call of the product, under /api. Paths match case-insensitively; a trailing slash is optional. Errors are { code, message, details? }.',
      },
      servers: [{ url: publicUrl, description: 'This installation (PUBLIC_URL)' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      return { ...transformed, schema: typedNullables(transformed.schema) };
    },
  };
}

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`, but the zod converter writes a nullable union (e.g.
 * `z.union([z.number(), z.string()]).nullable()`) as `{ anyOf: [...], nullable: true }`. The same schema in
 * 3.0's terms: every branch that has a type takes `nullable: true` itself.
 */
function typedNullables<T>(value: T): T {
  if (Array.isArray(value)) return value.map(typedNullables) as T;
  if (value === null || typeof value !== 'object') return value;
  const schema: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) schema[key] = typedNullables(child);
  const branches = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (schema.nullable === true && schema.type === undefined && branches?.every((b) => b.type !== undefined)) {
    const key = schema.anyOf ? 'anyOf' : 'oneOf';
    schema[key] = branches.map((branch) => ({ ...branch, nullable: true }));
    delete schema.nullable;
  }
  return schema as T;
}
