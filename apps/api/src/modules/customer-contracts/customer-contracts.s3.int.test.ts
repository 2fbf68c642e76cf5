import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Fake } from '../../../test/fakes/s3-fake-server';
import { fieldsOf, signaturePart, startContractSuite } from './customer-contracts.fixture';

type Suite = Awaited<ReturnType<typeof startContractSuite>>;

/** STORAGE_DRIVER=s3: the contract lands in the bucket and row 159 answers a presigned link (s3rver on loopback). */
describe('customer contracts on S3-compatible storage', () => {
  let fake: Awaited<ReturnType<typeof startS3Fake>>;
  let s = {} as Suite;
  beforeAll(async () => {
    fake = await startS3Fake('contracts');
    s = await startContractSuite({
      storage: {
        kind: 's3',
        bucket: 'contracts',
        region: 'us-east-1',
        endpoint: fake.endpoint,
        credentials: fake.credentials,
        prefix: 'test/',
      },
    });
  });
  afterAll(async () => {
    await s.t?.close();
    await fake.close();
  });

  it('stores the signed PDF in the bucket and hands out a presigned link to it', async () => {
    const { request } = await s.contractRequest();
    const res = await s.upload(s.w.sessions.contractDealer, [
      ...fieldsOf({ requestId: request.id, customerId: s.buyer.id, signatureMethod: 'electronic' }),
      signaturePart(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const link = await s.call(s.w.sessions.installerA, 'GET', `/api/signedURL/?requestId=${request.id}`);
    expect(link.statusCode, link.body).toBe(200);
    const url: string = link.json().signedUrl;
    expect(url).toContain('X-Amz-Signature=');
    expect(url).toContain('/contracts/test/contracts/request-');
    const pdf = await fetch(url);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The local download call is not served with S3.
    expect(
      (await s.t.app.inject({ method: 'GET', url: '/api/storage/object?key=a&expires=1&signature=x' }))
        .statusCode,
    ).toBe(404);
  });
});
