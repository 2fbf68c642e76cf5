import { beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../../../test/pdf-text';
import { useSuite } from '../../../test/use-suite';
import { createInstallerJob } from '../../../test/world';
import { calendarDays } from '../../db/schema/calendar';
import { startLifecycleSuite } from '../lifecycle/lifecycle.fixture';

/**
 * Export Week (002 §2.5): GET /installerCalendars/{installerId}/week.pdf?start — an A4 PDF named with the week,
 * one row per job and day, closed and empty days listed, page numbers and the header row on every page.
 */
describe('Export Week: GET /installerCalendars/{installerId}/week.pdf', () => {
  const s = useSuite(startLifecycleSuite);
  let jobId: number;
  const url = (installerId: number, start: string) =>
    `/api/installerCalendars/${installerId}/week.pdf?start=${start}`;

  beforeAll(async () => {
    const { request } = await s.w.dealerRequest({
      currentState: 'new',
      assignedInstallerId: s.w.installerB.id,
    });
    jobId = request.id;
    const booked = await s.action(s.w.sessions.installerB, jobId, 'book', { startDate: '2025-03-17' });
    expect(booked.statusCode, booked.body).toBe(200);
    const closed = await s.call(
      s.w.sessions.installerB,
      'POST',
      `/api/installerBlockedCalendars/${s.w.installerB.id}`,
      {
        workDate: '2025-03-20',
        reason: 'Training',
      },
    );
    expect(closed.statusCode, closed.body).toBe(201);
  });

  it('is a PDF attachment named with the week, holding each job-day, the closed day and the empty days', async () => {
    const res = await s.call(s.w.sessions.installerB, 'GET', url(s.w.installerB.id, '2025-03-16'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="calendar-week-2025-03-16-to-2025-03-22.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A4 landscape: 841.89 × 595.28 points.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const text = readPdfText(res.rawPayload);
    expect(text).toContain('Calendar: week of Sun, Mar 16, 2025 to Sat, Mar 22, 2025');
    expect(text).toContain('Bravo Tint');
    expect(text).toContain('Date Job Customer Vehicle Services Status Due date');
    // The two one-day lines fall on two days: one row each, with that day's service.
    expect(text).toContain(`Mon, Mar 17 #${jobId} Sunrise Test Motors · Dan Driver`);
    expect(text).toMatch(new RegExp(`Mon, Mar 17 #${jobId} .*Full Front PPF Booked Apr 30, 2025`));
    expect(text).toMatch(new RegExp(`Tue, Mar 18 #${jobId} .*Window Tint Booked Apr 30, 2025`));
    expect(text).toContain('Thu, Mar 20 Closed: Training');
    expect(text).toContain('Sun, Mar 16 No scheduled services');
    expect(text).toContain('Page 1 of 1');
  });

  it('a long week breaks over pages with the header row and page numbers on each', async () => {
    const db = s.t.database.db;
    for (let i = 0; i < 45; i++) {
      const requestId = await createInstallerJob(db, s.w.installerB.id);
      await db.insert(calendarDays).values({
        requestId,
        installerId: s.w.installerB.id,
        workDate: '2025-03-26',
        workStatus: i % 2 ? 'booked' : 'started',
      });
    }
    const res = await s.call(s.w.sessions.installerB, 'GET', url(s.w.installerB.id, '2025-03-23'));
    expect(res.statusCode).toBe(200);
    const text = readPdfText(res.rawPayload);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text.split('Date Job Customer Vehicle Services Status Due date')).toHaveLength(pages + 1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Started');
  });

  it('ASSIST and group locations may export; others get 404, dealers 403, a bad start 400', async () => {
    for (const who of ['installerAAssist', 'installerA2'] as const) {
      const res = await s.call(s.w.sessions[who], 'GET', url(s.w.installerA.id, '2025-03-10'));
      expect(res.statusCode, who).toBe(200);
    }
    expect(
      (await s.call(s.w.sessions.installerC, 'GET', url(s.w.installerB.id, '2025-03-16'))).statusCode,
    ).toBe(404);
    expect((await s.call(s.w.sessions.dealer, 'GET', url(s.w.installerB.id, '2025-03-16'))).statusCode).toBe(
      403,
    );
    for (const start of ['soon', '2025-02-30', '', '9999-12-30']) {
      const res = await s.call(s.w.sessions.installerB, 'GET', url(s.w.installerB.id, start));
      expect(res.statusCode, start).toBe(400);
    }
    const missing = await s.call(
      s.w.sessions.installerB,
      'GET',
      `/api/installerCalendars/${s.w.installerB.id}/week.pdf`,
    );
    expect(missing.statusCode).toBe(400);
  });
});
