import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createInstallerLocation } from '../../db/factories/identity';
import { startPaymentsSuite } from './payments.fixture';

/** The simulated card readers' dev calls (local adapter): a reader is changed and read only by its installer's users. */
describe('dev card readers are scoped to the caller’s installer', () => {
  const s = useSuite(startPaymentsSuite);
  const url = () => `/api/dev/readers/${s.w.readerId}`;

  it('the installer’s own users set and read its reader', async () => {
    const set = await s.w.call(s.w.sessions.installer, 'PUT', url(), { behaviour: 'decline', delayMs: 0 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      readerId: s.w.readerId,
      behaviour: 'decline',
      delayMs: 0,
      source: 'setting',
    });
    const read = await s.w.call(s.w.sessions.installer, 'GET', url());
    expect(read.json()).toMatchObject({ behaviour: 'decline', source: 'setting' });
  });

  it('another installer or a dealer gets 404 and changes nothing', async () => {
    await s.w.call(s.w.sessions.installer, 'PUT', url(), { behaviour: 'online', delayMs: 0 });
    for (const who of [s.w.sessions.installer2, s.w.sessions.dealer]) {
      const put = await s.w.call(who, 'PUT', url(), { behaviour: 'offline', delayMs: 0 });
      expect(put.statusCode, put.body).toBe(404);
      expect(put.json()).toMatchObject({ code: 'NOT_FOUND' });
      const get = await s.w.call(who, 'GET', url());
      expect(get.statusCode).toBe(404);
    }
    const after = await s.w.call(s.w.sessions.installer, 'GET', url());
    expect(after.json()).toMatchObject({ behaviour: 'online', source: 'setting' });
  });

  it('a reader at none of the caller’s locations is 404; one of its other locations answers by its suffix', async () => {
    const unknown = await s.w.call(
      s.w.sessions.installer,
      'PUT',
      '/api/dev/readers/sim_reader_nowhere_decline',
      {
        behaviour: 'online',
      },
    );
    expect(unknown.statusCode).toBe(404);
    await createInstallerLocation(s.t.database.db, {
      installerId: s.w.installer.id,
      cardReaderId: 'sim_reader_pay_back_timeout',
    });
    const bySuffix = await s.w.call(
      s.w.sessions.installer,
      'GET',
      '/api/dev/readers/sim_reader_pay_back_timeout',
    );
    expect(bySuffix.statusCode).toBe(200);
    expect(bySuffix.json()).toMatchObject({ behaviour: 'timeout', source: 'suffix' });
  });
});
