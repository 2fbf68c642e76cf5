import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { type FixtureSession, startServiceRequestsSuite } from './service-requests.fixture';

type Session = FixtureSession;
type Item = Record<string, unknown> & { requestId: number };

/**
 * The per-process cache of list pages and full requests (read-cache.ts, migration 0004). Writes are made
 * in SQL straight on the database, as another API process (or anything else) would make them: what the
 * next read answers can only come from the versions the database keeps, not from this process's memory.
 */
describe('read cache of request lists and full requests', () => {
  const suite = useSuite(startServiceRequestsSuite);

  const id = (key: string) => suite.f.ids[key] as number;
  const exec = async (q: ReturnType<typeof sql>) =>
    (await suite.t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] };

  async function list(who: string, mode: string, limit = 50): Promise<Item[]> {
    const res = await suite.t.app.inject({
      method: 'GET',
      url: `/api/requestimates/list/?mode=${mode}&limit=${limit}`,
      headers: (suite.s[who] as Session).headers,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: Item[] }).items;
  }
  async function full(who: string, key: string) {
    const res = await suite.t.app.inject({
      method: 'GET',
      url: `/api/requestimates/fullrequest/?Id=${id(key)}`,
      headers: (suite.s[who] as Session).headers,
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> & { notes: unknown[] } };
  }
  const row = (items: Item[], key: string) => items.find((r) => r.requestId === id(key));
  async function versions(): Promise<Record<string, number>> {
    const found = await exec(sql`select scope, id, version from read_cache_versions`);
    return Object.fromEntries(
      (found.rows as { scope: string; id: number; version: string | number }[]).map((r) => [
        `${r.scope}:${r.id}`,
        Number(r.version),
      ]),
    );
  }

  it('answers a read again from the cache while nothing it shows has changed', async () => {
    const before = row(await list('dealerA', 'jobs'), 'A_sched');
    expect(before?.vehicleMake).not.toBe('Cached-Make');
    // A change the versions do not see (its triggers switched off) is not read again: the page is the cached one.
    await exec(sql`alter table service_requests disable trigger user`);
    try {
      await exec(sql`update service_requests set vehicle_make = 'Cached-Make' where id = ${id('A_sched')}`);
      expect(row(await list('dealerA', 'jobs'), 'A_sched')?.vehicleMake).toBe(before?.vehicleMake);
      // Another page size is another entry: read from the database.
      expect(row(await list('dealerA', 'jobs', 49), 'A_sched')?.vehicleMake).toBe('Cached-Make');
    } finally {
      await exec(sql`alter table service_requests enable trigger user`);
    }
    // Any counted write of the request: the next read is the database's.
    await exec(sql`update service_requests set vehicle_make = 'Seen-Make' where id = ${id('A_sched')}`);
    expect(row(await list('dealerA', 'jobs'), 'A_sched')?.vehicleMake).toBe('Seen-Make');
  });

  it('shows each kind of write at the next read of a list or a full request', async () => {
    // Each step: read (and so cache), write in SQL, read again.
    const steps: {
      name: string;
      read: () => Promise<unknown>;
      write: ReturnType<typeof sql>;
      expectAfter: (value: unknown, before: unknown) => void;
    }[] = [
      {
        name: 'request moves out of jobs',
        read: async () => row(await list('dealerA', 'jobs'), 'A_recv') !== undefined,
        write: sql`update service_requests set current_state = 'finished' where id = ${id('A_recv')}`,
        expectAfter: (present) => expect(present).toBe(false),
      },
      {
        name: 'new offer to an installer',
        read: async () => row(await list('i3', 'requests'), 'A_new2_open') !== undefined,
        write: sql`insert into request_offers (request_id, installer_id, current_status)
          values (${id('A_new2_open')}, ${suite.f.i3.id}, 'offered')`,
        expectAfter: (present) => expect(present).toBe(true),
      },
      {
        name: 'offer rejected',
        read: async () => row(await list('i3', 'requests'), 'A_new2_open') !== undefined,
        write: sql`update request_offers set current_status = 'rejected'
          where request_id = ${id('A_new2_open')} and installer_id = ${suite.f.i3.id}`,
        expectAfter: (present) => expect(present).toBe(false),
      },
      {
        name: 'offer deleted',
        read: async () => row(await list('i2', 'requests'), 'A_new3_rej') !== undefined,
        write: sql`delete from request_offers where request_id = ${id('A_new3_rej')} and installer_id = ${suite.f.i2.id}`,
        expectAfter: (present) => expect(present).toBe(false),
      },
      {
        name: 'request reassigned: leaves the first installer, reaches the second',
        read: async () => [
          row(await list('i1', 'jobs'), 'A_started') !== undefined,
          row(await list('i2', 'jobs'), 'A_started') !== undefined,
        ],
        write: sql`update service_requests set assigned_installer_id = ${suite.f.i2.id} where id = ${id('A_started')}`,
        expectAfter: (present) => expect(present).toEqual([false, true]),
      },
      {
        name: 'schedule booked',
        read: async () => row(await list('dealerA', 'jobs'), 'A_started')?.scheduleStart,
        write: sql`insert into request_schedules (request_id, installer_id, start_date, end_date)
          values (${id('A_started')}, ${suite.f.i2.id}, '2025-03-03T12:00:00Z', '2025-03-04T12:00:00Z')`,
        expectAfter: (start) => expect(start).toBe('2025/03/03 12:00:00'),
      },
      {
        name: 'contract signed',
        read: async () => row(await list('i1', 'jobs'), 'E1_started')?.contractSigned,
        write: sql`insert into contracts (request_id, signature_method, signed_at, file_path)
          values (${id('E1_started')}, 'electronic', now(), 'contracts/x.pdf')`,
        expectAfter: (signed) => expect(signed).toBe(true),
      },
      {
        name: 'deposit paid',
        read: async () => row(await list('i1', 'jobs'), 'E1_started')?.depositIsPaid,
        write: sql`with r as (update service_requests set deposit_amount_cents = 5000 where id = ${id('E1_started')})
          insert into payments (request_id, installer_id, payment_type, payment_state, amount_cents)
          values (${id('E1_started')}, ${suite.f.i1.id}, 'deposit', 'paid', 5000)`,
        expectAfter: (paid) => expect(paid).toBe(true),
      },
      {
        name: 'referral status',
        read: async () => row(await list('i1', 'requests'), 'A_new1')?.referral_status,
        write: sql`update referrals set status = 'SCHEDULED' where id = ${suite.f.referral.id}`,
        expectAfter: (status) => expect(status).toBe('SCHEDULED'),
      },
      {
        name: 'note added',
        read: async () => (await full('dealerA', 'A_new1')).body.notes.length,
        write: sql`insert into request_notes (request_id, note_text, note_date, user_type)
          values (${id('A_new1')}, 'Second note', now(), 'dealer')`,
        expectAfter: (count, before) => expect(count).toBe((before as number) + 1),
      },
      {
        name: 'service line changed',
        read: async () =>
          ((await full('dealerA', 'A_new1')).body.services as { description: string }[])[0]?.description,
        write: sql`update request_services set description = 'Full Front XPEL'
          where request_id = ${id('A_new1')} and position = 0`,
        expectAfter: (d) => expect(d).toBe('Full Front XPEL'),
      },
      {
        name: 'calendar day added',
        read: async () => ((await full('i1', 'A_sched')).body.calendarDays as unknown[]).length,
        write: sql`insert into calendar_days (request_id, installer_id, work_date, work_status)
          values (${id('A_sched')}, ${suite.f.i1.id}, '2025-01-14', 'booked')`,
        expectAfter: (n, before) => expect(n).toBe((before as number) + 1),
      },
      {
        name: 'dealership renamed (shown on installers’ rows)',
        read: async () => row(await list('i1', 'jobs'), 'A_sched')?.dealerName,
        write: sql`update dealers set name = 'Alpha Motors Group' where id = ${suite.f.dealerA.id}`,
        expectAfter: (name) => expect(name).toBe('Alpha Motors Group'),
      },
      {
        name: 'installer renamed (shown on dealers’ rows and full requests)',
        read: async () => (await full('dealerA', 'A_sched')).body.installerName,
        write: sql`update installers set name = 'One Film & Tint' where id = ${suite.f.i1.id}`,
        expectAfter: (name) => expect(name).toBe('One Film & Tint'),
      },
      {
        name: 'retail customer renamed (shown on the installer’s estimates)',
        read: async () => row(await list('i1', 'jobs'), 'E1_sched')?.dealerName,
        write: sql`update customers set name = 'Rita Retail-Jones' where id = ${suite.f.customer.id}`,
        expectAfter: (name) => expect(name).toBe('Rita Retail-Jones'),
      },
      {
        name: 'request deleted (soft): its full request is no longer visible',
        read: async () => (await full('dealerA', 'A_new1')).status,
        write: sql`update service_requests set current_state = 'deleted', deleted_at = now() where id = ${id('A_new1')}`,
        expectAfter: (status) => expect(status).toBe(404),
      },
    ];
    for (const step of steps) {
      await step.read();
      const again = await step.read(); // now from the cache
      await exec(step.write);
      const after = await step.read();
      expect(after, step.name).not.toEqual(again);
      step.expectAfter(after, again);
    }
  });

  it('answers every caller that misses at once after a change with the changed rows', async () => {
    await list('dealerB', 'jobs');
    await exec(sql`update service_requests set vehicle_model = 'Tacoma' where id = ${id('B_started')}`);
    // Twenty reads at once share one statement; each must still see the write.
    const pages = await Promise.all(Array.from({ length: 20 }, () => list('dealerB', 'jobs')));
    expect(pages.map((p) => row(p, 'B_started')?.vehicleModel)).toEqual(Array(20).fill('Tacoma'));
    await exec(sql`update service_requests set vehicle_model = 'Corolla' where id = ${id('B_started')}`);
    const [x, y] = await Promise.all([list('dealerB', 'jobs'), list('dealerB', 'jobs')]);
    expect([
      row(x as Item[], 'B_started')?.vehicleModel,
      row(y as Item[], 'B_started')?.vehicleModel,
    ]).toEqual(['Corolla', 'Corolla']);
  });

  it('leaves the versions of companies a write does not concern alone', async () => {
    const before = await versions();
    await exec(sql`update service_requests set vehicle_trim = 'XLE' where id = ${id('B_sched')}`);
    const after = await versions();
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    // B_sched: dealer B, assigned to I3. Dealer A, I1 and I2 keep their cached lists.
    expect(changed.sort()).toEqual(
      [`d:${suite.f.dealerB.id}`, `i:${suite.f.i3.id}`, `r:${id('B_sched')}`].sort(),
    );
  });

  it('changes no version for a rolled-back write, and one version per scope for a committed transaction', async () => {
    const before = await versions();
    await expect(
      suite.t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update service_requests set vehicle_trim = 'LE' where id = ${id('B_sched')}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versions()).toEqual(before);

    await suite.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update service_requests set vehicle_trim = 'LE' where id = ${id('B_sched')}`);
      await tx.execute(sql`insert into request_notes (request_id, note_text, note_date, user_type)
        values (${id('B_sched')}, 'x', now(), 'installer')`);
      await tx.execute(sql`update service_requests set vehicle_trim = 'SE' where id = ${id('B_started')}`);
    });
    const after = await versions();
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    expect(changed.sort()).toEqual(
      [
        `d:${suite.f.dealerB.id}`,
        `i:${suite.f.i3.id}`,
        `i:${suite.f.i1.id}`,
        `r:${id('B_sched')}`,
        `r:${id('B_started')}`,
      ].sort(),
    );
    // All from one flush at commit: consecutive values of the sequence, and no flush row left behind.
    const values = changed.map((k) => after[k] as number).sort((a, b) => a - b);
    expect((values.at(-1) as number) - (values[0] as number)).toBe(values.length - 1);
    const left = await exec(sql`select count(*)::int as n from read_cache_flushes`);
    expect((left.rows[0] as { n: number }).n).toBe(0);
  });

  it.runIf(inject('testDb') === 'postgres')(
    'commits that touch the same companies in opposite orders never deadlock',
    async () => {
      const pool = new pg.Pool({ connectionString: suite.t.database.url as string, max: 20 });
      pool.on('error', () => {}); // idle connections ended by the database's drop at the end of the file
      try {
        // Two requests of different dealerships and installers: one transaction writes A_sched then
        // B_sched, the other B_finished then A_finished. No row of data is shared, only the companies'
        // versions, which each commit takes in one order.
        const pairs = [
          [id('A_sched'), id('B_sched')],
          [id('B_finished'), id('A_finished')],
        ] as const;
        const results = await Promise.allSettled(
          Array.from({ length: 40 }, async (_, n) => {
            const [first, second] = pairs[n % 2] as readonly [number, number];
            const client = await pool.connect();
            try {
              await client.query('begin');
              await client.query('update service_requests set updated_at = now() where id = $1', [first]);
              await new Promise((r) => setTimeout(r, 5));
              await client.query('update service_requests set updated_at = now() where id = $1', [second]);
              await client.query('commit');
            } catch (error) {
              await client.query('rollback');
              throw error;
            } finally {
              client.release();
            }
          }),
        );
        const failures = results.filter((r) => r.status === 'rejected');
        expect(failures.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      } finally {
        await pool.end();
      }
    },
  );
});
