import { contractMessages } from '@app/contracts/customer-contracts.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorageAdapter } from '../../adapters/storage/local-storage-adapter';
import { createContract } from '../../db/factories/contracts';
import { createDealer, createUser } from '../../db/factories/identity';
import { contracts } from '../../db/schema/contracts';
import type { AuthContext } from '../../platform/security/auth-context';
import { mintSession, VALID_VIN } from '../lifecycle/lifecycle.fixture';
import { fieldsOf, SIGNATURE_PNG, signaturePart, startContractSuite } from './customer-contracts.fixture';
import { createCustomerContractsRepository } from './customer-contracts.repository';
import { createCustomerContractsService } from './customer-contracts.service';

type Suite = Awaited<ReturnType<typeof startContractSuite>>;

describe('customer contracts (R23, rows 159, 160; decision 10)', () => {
  let s = {} as Suite;
  beforeAll(async () => {
    s = await startContractSuite();
  });
  afterAll(() => s.t.close());

  const contractRows = (requestId: number) =>
    s.t.database.db.select().from(contracts).where(eq(contracts.requestId, requestId));
  const contractHistory = async (requestId: number) =>
    (await s.db.history(requestId)).map((h) => h.requestStatus).filter((v) => v.startsWith('CONTRACT_'));

  it('the summary answers behind the guards: other company 404 (M52), flag N 409 (M51), no specialist 409 (M54)', async () => {
    const { request } = await s.contractRequest();
    const ok = await s.call(s.w.sessions.contractDealer, 'GET', `/api/contracts/${request.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const summary = ok.json();
    expect(summary).toMatchObject({
      requestId: request.id,
      Request_id: request.id,
      requestType: 'dealer',
      dealer: { name: 'Contract Motors' },
      specialist: { name: 'Elite Film' },
      customer: { name: 'Dan Driver' },
      contract: null,
    });
    expect(summary.services.length).toBeGreaterThan(0);
    expect(summary.terms.length).toBeGreaterThan(3);

    const other = await s.call(s.w.sessions.otherDealer, 'GET', `/api/contracts/${request.id}`);
    expect([other.statusCode, other.json().message]).toEqual([404, contractMessages.notFound]);
    const missing = await s.call(s.w.sessions.contractDealer, 'GET', '/api/contracts/999999');
    expect(missing.statusCode).toBe(404);

    const { request: plain } = await s.w.dealerRequest({ assignedInstallerId: s.w.installerA.id });
    const flagN = await s.call(s.w.sessions.dealer, 'GET', `/api/contracts/${plain.id}`);
    expect([flagN.statusCode, flagN.json().message]).toEqual([409, contractMessages.invalidRequest]);

    const { request: open } = await s.contractRequest({ currentState: 'new', assignedInstallerId: null });
    const noSpecialist = await s.call(s.w.sessions.contractDealer, 'GET', `/api/contracts/${open.id}`);
    expect([noSpecialist.statusCode, noSpecialist.json().message]).toEqual([
      409,
      contractMessages.specialistRequired,
    ]);

    const installer = await s.call(s.w.sessions.installerA, 'GET', `/api/contracts/${request.id}`);
    expect(installer.statusCode).toBe(403);
  });

  it("shows the customer the dealer's retail prices, never the specialist's wholesale price or discount", async () => {
    const { request } = await s.contractRequest({
      lines: [
        {
          serviceCategory: 'PPF',
          description: 'Full Front PPF',
          amountCents: 187000,
          discountCents: 5000,
          retailPriceCents: 220000,
        },
        {
          serviceCategory: 'Glass/Tint',
          description: 'Windshield',
          amountCents: 30000,
          discountCents: 0,
          retailPriceCents: null,
        },
      ],
    });
    const summary = (await s.call(s.w.sessions.contractDealer, 'GET', `/api/contracts/${request.id}`)).json();
    expect(
      summary.services.map((l: { amountCents: number; discountCents: number }) => l.amountCents),
    ).toEqual([220000, 30000]);
    expect(summary.services.every((l: { discountCents: number }) => l.discountCents === 0)).toBe(true);
    expect(summary.totals).toEqual({
      subtotalCents: 250000,
      discountCents: 0,
      taxesCents: 0,
      totalCents: 250000,
      depositCents: 0,
      balanceDueCents: 250000,
    });
  });

  it('refuses bad uploads with 4xx and writes nothing', async () => {
    const { request } = await s.contractRequest();
    const base = { requestId: request.id, customerId: s.buyer.id, signatureMethod: 'electronic' };
    const who = s.w.sessions.contractDealer;

    const empty = await s.upload(who, fieldsOf(base));
    expect([empty.statusCode, empty.json().message]).toEqual([400, contractMessages.signatureRequired]);
    const zeroBytes = await s.upload(who, [...fieldsOf(base), signaturePart(Buffer.alloc(0))]);
    expect([zeroBytes.statusCode, zeroBytes.json().message]).toEqual([
      400,
      contractMessages.signatureRequired,
    ]);
    const notImage = await s.upload(who, [
      ...fieldsOf(base),
      signaturePart(Buffer.from('not an image'), 'text/plain'),
    ]);
    expect([notImage.statusCode, notImage.json().message]).toEqual([400, contractMessages.notImage]);
    const disguised = await s.upload(who, [...fieldsOf(base), signaturePart(Buffer.from('GIF89a....'))]);
    expect(disguised.statusCode).toBe(400);
    const badMethod = await s.upload(who, [
      ...fieldsOf({ ...base, signatureMethod: 'fax' }),
      signaturePart(),
    ]);
    expect(badMethod.statusCode).toBe(400);

    const otherCustomer = await s.upload(who, [
      ...fieldsOf({ ...base, customerId: s.w.customer.id }),
      signaturePart(),
    ]);
    expect(otherCustomer.statusCode).toBe(404);
    const otherCompany = await s.upload(s.w.sessions.otherDealer, [...fieldsOf(base), signaturePart()]);
    expect(otherCompany.statusCode).toBe(404);

    const json = await s.t.app.inject({
      method: 'POST',
      url: '/api/uploadContract',
      headers: who.headers,
      payload: base,
    });
    expect(json.statusCode).toBe(415);

    const manual = { ...base, signatureMethod: 'manual' };
    const confirmFirst = await s.upload(who, fieldsOf({ ...manual, signedDate: '2025-03-10' }));
    expect([confirmFirst.statusCode, confirmFirst.json().message]).toEqual([
      409,
      contractMessages.notDownloaded,
    ]);
    expect((await s.upload(who, fieldsOf(manual))).statusCode).toBe(201);
    const notPdf = await s.upload(who, [
      ...fieldsOf({ ...manual, signedDate: '2025-03-10' }),
      { name: 'file', filename: 'contract.pdf', contentType: 'application/pdf', data: Buffer.from('hello') },
    ]);
    expect([notPdf.statusCode, notPdf.json().message]).toEqual([415, contractMessages.notPdf]);
    const tooLarge = await s.upload(who, [
      ...fieldsOf({ ...manual, signedDate: '2025-03-10' }),
      {
        name: 'file',
        filename: 'contract.pdf',
        contentType: 'application/pdf',
        data: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 10)]),
      },
    ]);
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([413, contractMessages.tooLarge]);
    const future = await s.upload(who, fieldsOf({ ...manual, signedDate: '2025-03-11' }));
    expect(future.statusCode).toBe(400);

    // Only the one download went through.
    expect(await contractHistory(request.id)).toEqual(['CONTRACT_DOWNLOADED']);
    const rows = await contractRows(request.id);
    expect(rows.map((r) => [r.signatureMethod, r.signedAt])).toEqual([['manual', null]]);
  });

  it('electronic signing builds and stores the PDF, records the state, e-mails three copies, and lets work start', async () => {
    const { request, lines } = await s.contractRequest({ currentState: 'received' });
    const startBody = { serviceId: lines[0]!.id, serviceState: 'started' };
    const before = await s.call(
      s.w.sessions.installerA,
      'PUT',
      `/api/requestServiceState/${request.id}`,
      startBody,
    );
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toMatch(/before the customer contract is signed/);

    const res = await s.upload(s.w.sessions.contractDealer, [
      ...fieldsOf({
        requestId: request.id,
        customerId: s.buyer.id,
        signatureMethod: 'electronic',
        dealerEmail: 'ignored@example.test',
        customerEmail: 'ignored-too@example.test',
      }),
      signaturePart(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(contractMessages.signedElectronic);
    expect(body.contract).toMatchObject({
      status: 'signed',
      signatureMethod: 'electronic',
      customerId: s.buyer.id,
    });
    expect(body.contract.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await contractHistory(request.id)).toEqual(['CONTRACT_SIGNED_ELECTRONIC']);
    expect((await s.db.request(request.id)).contractUrl).toBe(body.contract.contractUrl);

    const mails = (await s.db.outbox(request.id)).filter((i) => i.kind === 'contract-signed');
    const payloads = mails.map(
      (m) =>
        m.payload as {
          to: string;
          attachments: { filename: string; contentType: string; contentBase64: string }[];
        },
    );
    expect(payloads.map((p) => p.to).sort()).toHaveLength(3);
    expect(payloads.map((p) => p.to)).toContain('bea.buyer@example.test');
    for (const p of payloads) {
      expect(p.attachments[0]).toMatchObject({
        filename: `contract-request-${request.id}.pdf`,
        contentType: 'application/pdf',
      });
      expect(Buffer.from(p.attachments[0]!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }

    const again = await s.upload(s.w.sessions.contractDealer, [
      ...fieldsOf({ requestId: request.id, customerId: s.buyer.id, signatureMethod: 'electronic' }),
      signaturePart(),
    ]);
    expect([again.statusCode, again.json().message]).toEqual([409, contractMessages.alreadySigned]);

    const after = await s.call(
      s.w.sessions.installerA,
      'PUT',
      `/api/requestServiceState/${request.id}`,
      startBody,
    );
    expect(after.statusCode, after.body).toBe(200);
  });

  it('CHECK IN waits for the manual signature: download, then confirm with the signing date', async () => {
    const { request } = await s.contractRequest({ currentState: 'scheduled' });
    const checkIn = () =>
      s.call(s.w.sessions.installerA, 'POST', `/api/requestimates/${request.id}/actions/checkIn`, {
        vin: VALID_VIN,
      });
    const refused = await checkIn();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/check in .* before the customer contract is signed/);

    const manual = { requestId: request.id, customerId: s.buyer.id, signatureMethod: 'manual' };
    const download = await s.upload(s.w.sessions.contractDealer, fieldsOf(manual));
    expect(download.statusCode, download.body).toBe(201);
    expect(download.json()).toMatchObject({
      message: contractMessages.downloaded,
      contract: { status: 'downloaded' },
    });
    expect((await checkIn()).statusCode).toBe(409);

    const confirm = await s.upload(
      s.w.sessions.contractDealer,
      fieldsOf({ ...manual, signedDate: '2025-03-09' }),
    );
    expect(confirm.statusCode, confirm.body).toBe(201);
    expect(confirm.json()).toMatchObject({
      message: contractMessages.signedManual,
      contract: { status: 'signed', signatureMethod: 'manual', signedAt: '2025/03/09 12:00:00' },
    });
    expect(await contractHistory(request.id)).toEqual(['CONTRACT_DOWNLOADED', 'CONTRACT_SIGNED_MANUAL']);
    const mails = (await s.db.outbox(request.id)).filter((i) => i.kind === 'contract-signed');
    expect(mails).toHaveLength(3);
    const ok = await checkIn();
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('signed links: only the dealer and the assigned specialist get one; tampered or expired links are 403', async () => {
    const { request } = await s.contractRequest();
    const none = await s.call(s.w.sessions.contractDealer, 'GET', `/api/signedURL/?requestId=${request.id}`);
    expect([none.statusCode, none.json().message]).toEqual([404, contractMessages.accessError]);
    await s.upload(s.w.sessions.contractDealer, [
      ...fieldsOf({ requestId: request.id, customerId: s.buyer.id, signatureMethod: 'electronic' }),
      signaturePart(),
    ]);
    const mine = await s.call(s.w.sessions.contractDealer, 'GET', `/api/signedURL/?requestId=${request.id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const specialist = await s.call(s.w.sessions.installerA, 'GET', `/api/signedURL?requestId=${request.id}`);
    expect(specialist.statusCode).toBe(200);
    for (const other of [s.w.sessions.otherDealer, s.w.sessions.installerB, s.w.sessions.dealer]) {
      expect((await s.call(other, 'GET', `/api/signedURL/?requestId=${request.id}`)).statusCode).toBe(404);
    }

    const url = new URL(mine.json().signedUrl);
    const open = (u: URL) => s.t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    const file = await open(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const tampered = new URL(url);
    tampered.searchParams.set('key', 'contracts/request-1/other.pdf');
    expect((await open(tampered)).statusCode).toBe(403);
    const extended = new URL(url);
    extended.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await open(extended)).statusCode).toBe(403);

    s.advance((s.t.config.signedUrlTtlSeconds + 1) * 1000);
    const expired = await open(url);
    expect([expired.statusCode, expired.json().message]).toEqual([403, 'This link has expired.']);
  });

  it('a dealer of another company with the contract flag cannot reach the request', async () => {
    const { request } = await s.contractRequest();
    const otherY = await createDealer(s.t.database.db, { name: 'Other Y Motors', customerContract: 'Y' });
    const user = await createUser(s.t.database.db, { dealerId: otherY.id });
    const session = await mintSession(s.t.config.jwtSecret, user);
    expect((await s.call(session, 'GET', `/api/contracts/${request.id}`)).statusCode).toBe(404);
    const res = await s.upload(session, [
      ...fieldsOf({ requestId: request.id, customerId: s.buyer.id, signatureMethod: 'electronic' }),
      signaturePart(),
    ]);
    expect(res.statusCode).toBe(404);
    expect(await contractRows(request.id)).toEqual([]);
  });

  it('demo data: a seeded contract without a document gets one built from its facts', async () => {
    const { request } = await s.contractRequest({ currentState: 'received' });
    const seeded = await createContract(s.t.database.db, {
      requestId: request.id,
      dealerId: s.w.contractDealer.id,
      customerId: s.buyer.id,
      filePath: `contracts/request-${request.id}.pdf`,
    });
    const storage = createLocalStorageAdapter({ dir: s.dir, secret: 'x', downloadUrl: 'http://x.test/o' });
    const service = createCustomerContractsService({
      db: s.t.database.db,
      repository: createCustomerContractsRepository(s.t.database.db),
      storage,
      signedUrlTtlSeconds: 60,
      clock: () => new Date(),
    });
    expect(await service.writeMissingDemoDocuments()).toBeGreaterThanOrEqual(1);
    const pdf = await storage.get(seeded.filePath);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await service.writeMissingDemoDocuments()).toBe(0);
  });

  it('a failure midway (the history write) leaves no contract row, no e-mail and no stored file', async () => {
    const { request } = await s.contractRequest();
    const repository = createCustomerContractsRepository(s.t.database.db);
    const stored: string[] = [];
    const deleted: string[] = [];
    const local = createLocalStorageAdapter({ dir: s.dir, secret: 'x', downloadUrl: 'http://x.test/o' });
    const service = createCustomerContractsService({
      db: s.t.database.db,
      repository: {
        ...repository,
        writeHistory: async () => {
          throw new Error('injected failure');
        },
      },
      storage: {
        ...local,
        put: async (key, body, type) => {
          stored.push(key);
          await local.put(key, body, type);
        },
        delete: async (key) => {
          deleted.push(key);
          await local.delete(key);
        },
      },
      signedUrlTtlSeconds: 60,
      clock: () => new Date(),
    });
    const dealer: AuthContext = {
      userId: s.w.sessions.contractDealer.userId,
      email: 'contract@dealers.test',
      userName: 'Contract Dealer',
      userType: 'dealer',
      groups: ['Dealer'],
      companyId: s.w.contractDealer.id,
      access: 'STANDARD',
    };
    await expect(
      service.upload(
        dealer,
        { requestId: request.id, customerId: s.buyer.id, signatureMethod: 'electronic' },
        { signature: { buffer: SIGNATURE_PNG, mimetype: 'image/png', filename: 's.png' } },
        { ip: '127.0.0.1', userAgent: 'test' },
      ),
    ).rejects.toThrow('injected failure');
    expect(stored).toHaveLength(1);
    expect(deleted).toEqual(stored);
    expect(await contractRows(request.id)).toEqual([]);
    expect((await s.db.request(request.id)).contractUrl).toBeNull();
    expect((await s.db.outbox(request.id)).filter((i) => i.kind === 'contract-signed')).toEqual([]);
  });
});
