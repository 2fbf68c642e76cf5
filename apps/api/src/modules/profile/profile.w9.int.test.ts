import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { financialsMessages } from '@app/contracts/financials.contract';
import { w9Messages } from '@app/contracts/profile.contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/build-test-app';
import { userMaker } from '../../../test/world';
import { installerW9s } from '../../db/schema/identity';
import { multipart, type Part } from '../customer-contracts/customer-contracts.fixture';
import { buildFinancialsWorld, NOW, PASSWORD } from '../financials/financials.fixture';

type Session = Awaited<ReturnType<typeof signIn>>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);
const filePart = (data: Buffer, filename = 'w9.pdf', contentType = 'application/pdf'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

/** The installer's W-9 (decision 023): upload, refusals, who may download, and the dealer's direct payees. */
describe('installer W-9', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'w9-int-'));
  const storage = { kind: 'local', dir } as const;
  const w = useTestApp({ config: { storage }, clock: () => NOW }, async ({ app, database }) => {
    const w = await buildFinancialsWorld(app, database.db);
    await userMaker(database.db, PASSWORD)('assist@elite-fin.test', { installerId: w.elite.id }, 'ASSIST');
    const assist = await signIn(app, 'assist@elite-fin.test', PASSWORD);
    // Sunrise paid Elite by check and in cash in March (the clock's month), and by card; Clearview by check in
    // February and by card in March. Harbor paid Elite by card only. An unpaid invoice counts for nothing.
    const pay = (
      [installerId, dealerId, requestId]: [number, number, number],
      cents: number,
      [day, paidDay]: [string, string],
      how: { method: 'check' | 'cash' | 'card'; checkNumber?: string; cardLast4?: string },
    ) =>
      w.addInvoice({
        status: 'paid',
        state: 'paid',
        feeCents: 0,
        installerId,
        dealerId,
        requestId,
        cents,
        ...how,
        date: `${day}T10:00:00Z`,
        paidDate: `${paidDay}T10:00:00Z`,
      });
    const eliteForSunrise: [number, number, number] = [
      w.elite.id,
      w.sunrise.id,
      await w.dealerJob(w.sunrise.id, w.elite.id),
    ];
    const clearForSunrise: [number, number, number] = [
      w.clear.id,
      w.sunrise.id,
      await w.dealerJob(w.sunrise.id, w.clear.id),
    ];
    const eliteForHarbor: [number, number, number] = [
      w.elite.id,
      w.harbor.id,
      await w.dealerJob(w.harbor.id, w.elite.id),
    ];
    await pay(eliteForSunrise, 120_000, ['2026-03-02', '2026-03-05'], {
      method: 'check',
      checkNumber: '5001',
    });
    await pay(eliteForSunrise, 30_000, ['2026-03-03', '2026-03-10'], { method: 'cash' });
    await pay(eliteForSunrise, 99_900, ['2026-03-03', '2026-03-04'], { method: 'card', cardLast4: '4242' });
    await w.addInvoice({
      installerId: w.elite.id,
      requestId: eliteForSunrise[2],
      dealerId: w.sunrise.id,
      status: 'open',
      state: 'invoiced',
      feeCents: 0,
      cents: 55_500,
      date: '2026-03-08T10:00:00Z',
    });
    await pay(clearForSunrise, 42_500, ['2026-02-01', '2026-02-10'], {
      method: 'check',
      checkNumber: '5002',
    });
    await pay(clearForSunrise, 10_000, ['2026-03-01', '2026-03-02'], { method: 'card', cardLast4: '4242' });
    await pay(eliteForHarbor, 70_000, ['2026-03-02', '2026-03-03'], { method: 'card', cardLast4: '4242' });
    return { ...w, assist };
  });

  const w9Url = (installerId: number) => `/api/profile/w9/${installerId}`;
  const send = (who: Session, method: 'POST' | 'PUT', installerId: number, parts: Part[]) => {
    const body = multipart(parts);
    return w.app.inject({
      method,
      url: w9Url(installerId),
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const call = (who: Session | null, method: 'GET' | 'DELETE', url: string) =>
    w.app.inject({ method, url, headers: who?.headers ?? {} });
  const stored = async () =>
    (await w.database.db.select().from(installerW9s).where(eq(installerW9s.installerId, w.elite.id)))[0];
  const profileW9 = async (who: Session) =>
    (await call(who, 'GET', `/api/profile/${who.user.userId}`)).json().installer.w9;

  it('uploads a PDF: 201 with what is on file, the profile shows it, the file is stored', async () => {
    expect(await profileW9(w.sessions.owner)).toBeNull();
    const res = await send(w.sessions.owner, 'POST', w.elite.id, [filePart(PDF, 'scans/2026/Elite W-9.pdf')]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: w9Messages.uploaded,
      w9: {
        file_name: 'Elite W-9.pdf',
        content_type: 'application/pdf',
        size_bytes: PDF.length,
        uploaded_at: NOW.toISOString(),
        uploaded_by: expect.any(String),
      },
    });
    expect(await profileW9(w.sessions.staff)).toEqual(res.json().w9);
    const row = await stored();
    expect(row?.storageKey).toMatch(new RegExp(`^w9/installer-${w.elite.id}/[0-9a-f-]+\\.pdf$`));
    expect(readFileSync(path.join(dir, ...(row?.storageKey ?? '').split('/')))).toEqual(PDF);
    const again = await send(w.sessions.staff, 'POST', w.elite.id, [filePart(PDF)]);
    expect([again.statusCode, again.json().message]).toEqual([409, w9Messages.alreadyOnFile]);
  });

  it('refuses by content, size and shape: 415 not PDF/JPEG/PNG, 413 over 10 MB, 400 empty or missing', async () => {
    const clear = w.sessions.clear;
    const fake = await send(clear, 'POST', w.clear.id, [filePart(Buffer.from('name says pdf, it is text'))]);
    expect([fake.statusCode, fake.json().message]).toEqual([415, w9Messages.wrongType]);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await send(clear, 'POST', w.clear.id, [filePart(big)]);
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([413, w9Messages.tooLarge]);
    const empty = await send(clear, 'POST', w.clear.id, [filePart(Buffer.alloc(0))]);
    expect([empty.statusCode, empty.json().message]).toEqual([400, w9Messages.empty]);
    const none = await send(clear, 'POST', w.clear.id, [{ name: 'note', value: 'no file' }]);
    expect([none.statusCode, none.json().message]).toEqual([400, w9Messages.fileRequired]);
    const json = await w.app.inject({
      method: 'POST',
      url: w9Url(w.clear.id),
      headers: clear.headers,
      payload: { file: 'x' },
    });
    expect([json.statusCode, json.json().message]).toEqual([415, w9Messages.notMultipart]);
    // Well past the API's 1 MB JSON body limit, within the W-9's 10 MB: accepted.
    const scan = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024)]);
    const large = await send(clear, 'POST', w.clear.id, [filePart(scan, 'scan.pdf')]);
    expect(large.statusCode, large.body).toBe(201);
    expect((await call(clear, 'DELETE', w9Url(w.clear.id))).statusCode).toBe(200);
    const missing = await send(clear, 'PUT', w.clear.id, [filePart(PDF)]);
    expect([missing.statusCode, missing.json().message]).toEqual([404, w9Messages.notOnFile]);
    expect((await w.database.db.select().from(installerW9s)).map((r) => r.installerId)).toEqual([w.elite.id]);
  });

  it('lets only the installer’s own writers change it: ASSIST, dealers and other installers 403', async () => {
    for (const who of [w.assist, w.sessions.sunrise, w.sessions.clear]) {
      expect((await send(who, 'PUT', w.elite.id, [filePart(PNG, 'w9.png', 'image/png')])).statusCode).toBe(
        403,
      );
      expect((await call(who, 'DELETE', w9Url(w.elite.id))).statusCode).toBe(403);
    }
    expect((await send(w.sessions.owner, 'POST', 99_999_999, [filePart(PDF)])).statusCode).toBe(403);
    expect((await call(null, 'GET', `${w9Url(w.elite.id)}/link`)).statusCode).toBe(401);
  });

  it('replaces by content type (a PNG sent as a PDF is stored as a PNG) and deletes the old file', async () => {
    const before = await stored();
    const res = await send(w.sessions.staff, 'PUT', w.elite.id, [
      filePart(PNG, 'scan.pdf', 'application/pdf'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: w9Messages.replaced,
      w9: { file_name: 'scan.pdf', content_type: 'image/png', size_bytes: PNG.length },
    });
    const after = await stored();
    expect(after?.storageKey).toMatch(/\.png$/);
    expect(existsSync(path.join(dir, ...(before?.storageKey ?? '').split('/')))).toBe(false);
    expect(existsSync(path.join(dir, ...(after?.storageKey ?? '').split('/')))).toBe(true);
  });

  it('gives a download link to its users and to a dealership that paid it by check or cash; anyone else 404', async () => {
    for (const who of [w.sessions.owner, w.sessions.staff, w.assist, w.sessions.sunrise]) {
      const res = await call(who, 'GET', `${w9Url(w.elite.id)}/link`);
      expect(res.statusCode, res.body).toBe(200);
      const link = res.json() as { url: string; expiresAt: string; fileName: string };
      expect(link.fileName).toBe('scan.png');
      expect(link.expiresAt).toBe(new Date(NOW.getTime() + 300_000).toISOString());
      const url = new URL(link.url);
      const file = await w.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload).toEqual(PNG);
    }
    // Harbor paid Elite by card only; Clearview is another installer.
    for (const who of [w.sessions.harbor, w.sessions.clear]) {
      const res = await call(who, 'GET', `${w9Url(w.elite.id)}/link`);
      expect([res.statusCode, res.json().message]).toEqual([404, w9Messages.notFound]);
    }
    // Sunrise paid Clearview by check in February, but Clearview has no W-9: the same 404.
    const none = await call(w.sessions.sunrise, 'GET', `${w9Url(w.clear.id)}/link`);
    expect([none.statusCode, none.json().message]).toEqual([404, w9Messages.notFound]);
  });

  it('lists the specialists a dealership paid by check or cash in the range, with their W-9, in JSON and CSV', async () => {
    const url = `/api/financials/direct-payees/${w.sunrise.id}`;
    const march = await call(w.sessions.sunrise, 'GET', url);
    expect(march.statusCode, march.body).toBe(200);
    expect(march.json()).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      rows: [
        {
          installer_id: w.elite.id,
          name: 'Elite Fin Film',
          payments: 2,
          amount_paid: 1500,
          amount_paid_cents: 150_000,
          w9: { file_name: 'scan.pdf', uploaded_at: NOW.toISOString() },
        },
      ],
      total: 1500,
      total_cents: 150_000,
    });
    const february = await call(w.sessions.sunrise, 'GET', `${url}?from=2026-02-01&to=2026-02-28`);
    expect(february.json().rows).toEqual([
      expect.objectContaining({ name: 'Clearview Fin Tint', amount_paid_cents: 42_500, w9: null }),
    ]);
    const csv = await call(w.sessions.sunrise, 'GET', `${url}/csv?from=2026-02-01&to=2026-03-31`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual([
      '"Specialist","Payments","Amount Paid","W-9","W-9 File","W-9 Uploaded"',
      '"Clearview Fin Tint",1,425,"Missing","",""',
      '"Elite Fin Film",2,1500,"On file","scan.pdf","2026-03-15"',
    ]);
    const harbor = await call(w.sessions.harbor, 'GET', `/api/financials/direct-payees/${w.harbor.id}`);
    expect(harbor.json()).toMatchObject({ rows: [], total_cents: 0 });
    expect(
      (await call(w.sessions.sunrise, 'GET', `/api/financials/direct-payees/${w.harbor.id}`)).statusCode,
    ).toBe(403);
    expect((await call(w.sessions.owner, 'GET', url)).statusCode).toBe(403);
    const half = await call(w.sessions.sunrise, 'GET', `${url}?from=2026-03-01`);
    expect([half.statusCode, half.json().message]).toEqual([
      400,
      expect.stringContaining(financialsMessages.bothDates),
    ]);
  });

  it('removes it with its file; then it is missing everywhere', async () => {
    const key = (await stored())?.storageKey ?? '';
    const res = await call(w.sessions.owner, 'DELETE', w9Url(w.elite.id));
    expect(res.json()).toEqual({ success: true, message: w9Messages.removed });
    expect(existsSync(path.join(dir, ...key.split('/')))).toBe(false);
    expect(await profileW9(w.sessions.owner)).toBeNull();
    const again = await call(w.sessions.owner, 'DELETE', w9Url(w.elite.id));
    expect([again.statusCode, again.json().message]).toEqual([404, w9Messages.notOnFile]);
    const own = await call(w.sessions.owner, 'GET', `${w9Url(w.elite.id)}/link`);
    expect([own.statusCode, own.json().message]).toEqual([404, w9Messages.notOnFile]);
    const dealer = await call(w.sessions.sunrise, 'GET', `${w9Url(w.elite.id)}/link`);
    expect(dealer.statusCode).toBe(404);
    const list = await call(w.sessions.sunrise, 'GET', `/api/financials/direct-payees/${w.sunrise.id}`);
    expect(list.json().rows[0].w9).toBeNull();
  });
});
