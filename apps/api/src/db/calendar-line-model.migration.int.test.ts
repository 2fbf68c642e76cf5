import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createInstaller } from './factories/identity';
import { createServiceRequest } from './factories/service-requests';
import { calendarDays } from './schema/calendar';
import { requestServices } from './schema/service-requests';

/**
 * Migration 0015 (decision 022) rewrites jobs the lifecycle laid out one row per job and day into one row per
 * service line and day, keeping status, location and event id. Run here on rows written in the old layout.
 */
describe('migration 0015: one calendar row per service line and day', () => {
  let database: TestDatabase;
  const migration = readFileSync(
    path.join(import.meta.dirname, 'migrations/0015_calendar_line_model.sql'),
    'utf8',
  );

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const rowsOf = (requestId: number) =>
    database.db
      .select({
        workDate: calendarDays.workDate,
        line: calendarDays.requestServiceId,
        tenths: calendarDays.dailyWorkTenths,
        status: calendarDays.workStatus,
        eventId: calendarDays.eventId,
      })
      .from(calendarDays)
      .where(eq(calendarDays.requestId, requestId))
      .orderBy(asc(calendarDays.workDate), asc(calendarDays.requestServiceId));

  it('rewrites a multi-line job from its first day, keeping status and event id', async () => {
    const { db } = database;
    const installer = await createInstaller(db);
    const job = await createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: installer.id,
      assignedInstallerId: installer.id,
      lines: [
        { serviceCategory: 'Glass/Tint', description: 'Window Tint', amountCents: 40_000, durationTenths: 5 },
        { serviceCategory: 'PPF', description: 'Full Front PPF', amountCents: 150_000, durationTenths: 15 },
      ],
    });
    const lines = await db
      .select({ id: requestServices.id })
      .from(requestServices)
      .where(eq(requestServices.requestId, job.request.id))
      .orderBy(asc(requestServices.position));
    const [tint, ppf] = lines.map((l) => l.id);
    if (!tint || !ppf) throw new Error('fixture has no lines');
    // The lifecycle's old layout: one row per day, tagged with the line worked when the day starts.
    await db.delete(calendarDays).where(eq(calendarDays.requestId, job.request.id));
    await db.insert(calendarDays).values(
      [
        ['2026-03-07', tint, 10],
        ['2026-03-08', ppf, 10],
      ].map(([workDate, line, tenths]) => ({
        requestId: job.request.id,
        installerId: installer.id,
        requestServiceId: Number(line),
        workDate: String(workDate),
        dailyWorkTenths: Number(tenths),
        workStatus: 'started',
        eventId: 'ev-1',
      })),
    );

    await db.execute(sql.raw(migration.replaceAll('--> statement-breakpoint', '')));

    // Tint (position 0) for half a day, then PPF for a day and a half.
    const expected = [
      { workDate: '2026-03-07', line: tint, tenths: 5, status: 'started', eventId: 'ev-1' },
      { workDate: '2026-03-07', line: ppf, tenths: 5, status: 'started', eventId: 'ev-1' },
      { workDate: '2026-03-08', line: ppf, tenths: 10, status: 'started', eventId: 'ev-1' },
    ];
    expect(await rowsOf(job.request.id)).toEqual(expected);
    // Running it again changes nothing.
    await db.execute(sql.raw(migration.replaceAll('--> statement-breakpoint', '')));
    expect(await rowsOf(job.request.id)).toEqual(expected);
  });
});
