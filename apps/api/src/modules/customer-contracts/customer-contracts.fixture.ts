/**
 * Test helpers of the contract module (not shipped): the lifecycle world with a movable clock and its own
 * storage directory, a multipart body builder, and a one-pixel PNG signature.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/build-test-app';
import type { Config } from '../../config';
import { createCustomer } from '../../db/factories/customers';
import { buildLifecycleWorld, caller, inspector, NOW, type Session } from '../lifecycle/lifecycle.fixture';

export const SIGNATURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----contract-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function startContractSuite(overrides: Partial<Config> = {}) {
  let now = NOW;
  const dir = mkdtempSync(path.join(tmpdir(), 'contracts-int-'));
  const t = await buildTestApp({ storage: { kind: 'local', dir }, ...overrides }, { clock: () => now });
  const w = await buildLifecycleWorld(t.database.db, t.config.jwtSecret);
  const buyer = await createCustomer(t.database.db, {
    dealerId: w.contractDealer.id,
    name: 'Bea Buyer',
    email: 'bea.buyer@example.test',
    phone: '8135550321',
  });
  /** A request of the contract dealership, assigned to installer A. */
  const contractRequest = (options: Parameters<typeof w.dealerRequest>[0] = {}) =>
    w.dealerRequest({
      requestorDealerId: w.contractDealer.id,
      currentState: 'scheduled',
      assignedInstallerId: w.installerA.id,
      vin: '1HGCM82633A004352',
      ...options,
    });
  const upload = (
    app: FastifyInstance,
    who: Session,
    parts: Part[],
    headers: Record<string, string> = {},
  ) => {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/uploadContract',
      headers: { ...who.headers, ...body.headers, 'user-agent': 'ContractTest/1.0', ...headers },
      payload: body.payload,
    });
  };
  return {
    t,
    w,
    dir,
    buyer,
    contractRequest,
    call: caller(t.app),
    db: inspector(t.database.db),
    upload: (who: Session, parts: Part[], headers?: Record<string, string>) =>
      upload(t.app, who, parts, headers),
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

export const fieldsOf = (values: Record<string, string | number>): Part[] =>
  Object.entries(values).map(([name, value]) => ({ name, value: String(value) }));

export const signaturePart = (data = SIGNATURE_PNG, contentType = 'image/png'): Part => ({
  name: 'signature',
  filename: 'signature.png',
  contentType,
  data,
});
