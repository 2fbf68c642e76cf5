import { calendarFeedMessages as m } from '@app/contracts/calendar-feed.contract';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createServiceRequest } from '../../db/factories/service-requests';
import { startLifecycleSuite } from '../lifecycle/lifecycle.fixture';
import { FEED_RATE_LIMITS } from './calendar-feed.service';

/** The feed parsed back with ical.js: what a subscribing calendar app reads. */
function parseFeed(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    timezones: calendar.getAllSubcomponents('vtimezone').length,
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        start: event.startDate.toString(),
        end: event.endDate.toString(),
        isAllDay: event.startDate.isDate && event.endDate.isDate,
        sequence: event.sequence,
        summary: event.summary,
        description: event.description,
        url: String(component.getFirstPropertyValue('url')),
      };
    }),
  };
}

const ZONES = ['America/Los_Angeles', 'UTC', 'Asia/Tokyo'] as const;

/** Runs `work` with the process in time zone `zone` (Node applies a TZ change at once). */
async function inZone<T>(zone: string, work: () => Promise<T>): Promise<T> {
  // biome-ignore lint/style/noProcessEnv: the feed is fetched under three process time zones
  const env = process.env;
  const before = env.TZ;
  env.TZ = zone;
  try {
    return await work();
  } finally {
    if (before === undefined) delete env.TZ;
    else env.TZ = before;
  }
}

/**
 * The ICS feed (issue 12, decision 025) on the lifecycle world (today is 2025-03-10): the link calls and who
 * may make them, the feed's events parsed back with ical.js in three time zones, SEQUENCE after a
 * reschedule, conditional fetches, reset and turn-off (404 at once), and the per-IP limit.
 */
describe('calendar feed: /calendarFeed/{installerId} and /calendar/{token}.ics', () => {
  const s = useSuite(startLifecycleSuite);
  const linkPath = (installerId: number) => `/api/calendarFeed/${installerId}`;
  const feedPath = (url: string) => new URL(url).pathname;
  const fetchFeed = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    s.t.app.inject({ method: 'GET', url: feedPath(url), headers, remoteAddress });

  it('reads, creates (201, then 200 with the same link) and keeps showing the link; who may do what', async () => {
    const path = linkPath(s.w.installerA.id);
    const before = await s.call(s.w.sessions.installerA, 'GET', path);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      installerId: s.w.installerA.id,
      active: false,
      url: null,
      createdAt: null,
    });

    // ASSIST reads but does not create (convention 22); a dealer is refused; another company gets 404.
    expect((await s.call(s.w.sessions.installerAAssist, 'POST', path)).statusCode).toBe(403);
    expect((await s.call(s.w.sessions.dealer, 'GET', path)).statusCode).toBe(403);
    expect((await s.call(s.w.sessions.installerC, 'GET', path)).statusCode).toBe(404);
    expect((await s.call(s.w.sessions.installerC, 'POST', path)).statusCode).toBe(404);
    expect((await s.t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await s.call(s.w.sessions.installerA, 'GET', linkPath(2_000_000_000))).statusCode).toBe(404);

    const created = await s.call(s.w.sessions.installerA, 'POST', path);
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json();
    expect(link).toMatchObject({ installerId: s.w.installerA.id, active: true });
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const again = await s.call(s.w.sessions.installerA, 'POST', path);
    expect(again.statusCode).toBe(200);
    expect(again.json().url).toBe(link.url);
    // Shown again later, to the installer, its ASSIST user and another location of its group.
    for (const who of [s.w.sessions.installerA, s.w.sessions.installerAAssist, s.w.sessions.installerA2]) {
      const read = await s.call(who, 'GET', path);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual(link);
    }
    expect((await fetchFeed(link.url)).statusCode).toBe(200);
  });

  it('lists booked, started and finished jobs as all-day events over their days, the same in every time zone', async () => {
    const db = s.t.database.db;
    const installerId = s.w.installerB.id;
    const multiDay = await s.w.dealerRequest({
      assignedInstallerId: installerId,
      currentState: 'scheduled',
      calendar: { startDate: '2025-03-12', workStatus: 'booked' },
    });
    const split = await createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: installerId,
      currentState: 'started',
      vehicleYear: 2024,
      vehicleMake: 'Ford',
      vehicleModel: 'F-150',
      vehicleTrim: null,
      lines: [{ serviceCategory: 'Paint', description: 'Paint Correction', amountCents: 90_000 }],
      dueDate: new Date('2025-03-25T12:00:00Z'),
      calendar: [
        { startDate: '2025-03-17', workStatus: 'started' },
        { startDate: '2025-03-20', workStatus: 'started' },
      ],
    });
    const finished = await s.w.dealerRequest({
      assignedInstallerId: installerId,
      currentState: 'finished',
      lines: [{ serviceCategory: 'Glass/Tint', description: 'Window Tint', amountCents: 40_000 }],
      calendar: { startDate: '2025-03-03', workStatus: 'finished' },
    });
    // Not in the feed: a draft, a pending job, work before the window, a deleted request, another installer.
    for (const [workStatus, startDate] of [
      ['draft', '2025-03-14'],
      ['pending', '2025-03-15'],
      ['booked', '2024-11-01'],
    ] as const) {
      await s.w.dealerRequest({ assignedInstallerId: installerId, calendar: { startDate, workStatus } });
    }
    await s.w.dealerRequest({
      assignedInstallerId: installerId,
      currentState: 'deleted',
      deletedAt: new Date('2025-03-09T10:00:00Z'),
      calendar: { startDate: '2025-03-18', workStatus: 'booked' },
    });
    await s.w.dealerRequest({
      assignedInstallerId: s.w.installerC.id,
      currentState: 'scheduled',
      calendar: { startDate: '2025-03-12', workStatus: 'booked' },
    });

    const { url } = (await s.call(s.w.sessions.installerB, 'POST', linkPath(installerId))).json();
    const bodies: string[] = [];
    for (const zone of ZONES) {
      const res = await inZone(zone, () => fetchFeed(url));
      expect(res.statusCode, `${zone}: ${res.body}`).toBe(200);
      bodies.push(res.body);
      const feed = parseFeed(res.body);
      expect(feed.name).toBe('Bravo Tint jobs');
      expect(feed.timezones).toBe(0);
      expect(
        feed.events.map((e) => [e.uid, e.start, e.end, e.isAllDay, e.sequence]),
        zone,
      ).toEqual([
        [`job-${finished.request.id}-1@127.0.0.1`, '2025-03-03', '2025-03-04', true, 1],
        [`job-${multiDay.request.id}-1@127.0.0.1`, '2025-03-12', '2025-03-14', true, 1],
        [`job-${split.request.id}-1@127.0.0.1`, '2025-03-17', '2025-03-18', true, 1],
        [`job-${split.request.id}-2@127.0.0.1`, '2025-03-20', '2025-03-21', true, 1],
      ]);
    }
    // Byte for byte the same body (and ETag) in every zone: nothing depends on the process's zone.
    expect(new Set(bodies).size).toBe(1);
    const body = bodies[0] ?? '';
    expect(body).toContain('DTSTART;VALUE=DATE:20250312');
    expect(body).toContain('DTEND;VALUE=DATE:20250314');
    expect(body).not.toContain('X-WR-TIMEZONE');

    const events = parseFeed(body).events;
    const [finishedEvent, multiDayEvent, firstPart, secondPart] = events;
    expect(multiDayEvent?.summary).toBe('2023 Toyota Camry SE: Full Front PPF, Window Tint');
    expect(multiDayEvent?.url).toBe(`http://127.0.0.1:3000/jobs?id=${multiDay.request.id}`);
    expect(multiDayEvent?.description.split('\n')).toEqual([
      `Job #${multiDay.request.id} (dealer request)`,
      'Customer: Dan Driver',
      'Dealership: Sunrise Test Motors',
      'Vehicle: 2023 Toyota Camry SE',
      'Services: Full Front PPF, Window Tint',
      'Due: 2025-04-30',
      'Work days: 2025-03-12 to 2025-03-13',
      `Open the job: http://127.0.0.1:3000/jobs?id=${multiDay.request.id}`,
    ]);
    expect(firstPart?.summary).toBe('2024 Ford F-150: Paint Correction (part 1 of 2)');
    expect(secondPart?.summary).toBe('2024 Ford F-150: Paint Correction (part 2 of 2)');
    expect(secondPart?.description).toContain('Due: 2025-03-25');
    expect(finishedEvent?.url).toBe(`http://127.0.0.1:3000/pickups?id=${finished.request.id}`);
  });

  it('sends text/calendar with ETag, Last-Modified and a private cache; a current copy gets 304', async () => {
    const { url } = (await s.call(s.w.sessions.installerB, 'POST', linkPath(s.w.installerB.id))).json();
    const first = await fetchFeed(url);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, max-age=900');
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();

    const same = await fetchFeed(url, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    expect((await fetchFeed(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await fetchFeed(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await fetchFeed(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await fetchFeed(url, { 'if-modified-since': older })).statusCode).toBe(200);
    // HEAD answers the headers (what some clients poll with).
    const head = await s.t.app.inject({ method: 'HEAD', url: feedPath(url) });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('bumps SEQUENCE and moves the event when the job is rescheduled; the ETag changes', async () => {
    const installerId = s.w.installerB.id;
    const { request } = await createServiceRequest(s.t.database.db, {
      requestType: 'installer',
      requestorInstallerId: installerId,
      currentState: 'scheduled',
      dueDate: new Date('2025-03-20T08:00:00Z'),
      calendar: { startDate: '2025-03-24', workStatus: 'booked' },
    });
    const { url } = (await s.call(s.w.sessions.installerB, 'POST', linkPath(installerId))).json();
    const eventOf = (body: string) =>
      parseFeed(body).events.find((e) => e.uid.startsWith(`job-${request.id}-`));
    const before = await fetchFeed(url);
    expect(eventOf(before.body)).toMatchObject({ start: '2025-03-24', end: '2025-03-25', sequence: 1 });

    const moved = await s.call(s.w.sessions.installerB, 'PUT', '/api/schedule/', {
      installerId,
      requestId: request.id,
      startDate: '2025-03-19',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await fetchFeed(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const event = eventOf(after.body);
    expect(event).toMatchObject({
      uid: `job-${request.id}-1@127.0.0.1`,
      start: '2025-03-19',
      end: '2025-03-20',
    });
    expect(event?.sequence).toBeGreaterThan(1);
  });

  it('reset answers 404 for the old token at once and serves the new one; turning off answers 404', async () => {
    const path = linkPath(s.w.installerA.id);
    const { url: oldUrl } = (await s.call(s.w.sessions.installerA, 'GET', path)).json();
    expect((await s.call(s.w.sessions.installerAAssist, 'POST', `${path}/reset`)).statusCode).toBe(403);
    expect((await s.call(s.w.sessions.installerC, 'POST', `${path}/reset`)).statusCode).toBe(404);

    const reset = await s.call(s.w.sessions.installerA, 'POST', `${path}/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    const newUrl = reset.json().url;
    expect(newUrl).not.toBe(oldUrl);
    const gone = await fetchFeed(oldUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: m.feedNotFound });
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await fetchFeed(newUrl)).statusCode).toBe(200);
    expect((await s.call(s.w.sessions.installerA, 'GET', path)).json().url).toBe(newUrl);

    expect((await s.call(s.w.sessions.installerAAssist, 'DELETE', path)).statusCode).toBe(403);
    const off = await s.call(s.w.sessions.installerA, 'DELETE', path);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ installerId: s.w.installerA.id, active: false, url: null, createdAt: null });
    expect((await fetchFeed(newUrl)).statusCode).toBe(404);
    expect((await s.call(s.w.sessions.installerA, 'DELETE', path)).statusCode).toBe(200);
    // Reset of a feed that is off turns it on with a new link.
    const on = await s.call(s.w.sessions.installerA, 'POST', `${path}/reset`);
    expect(on.json()).toMatchObject({ active: true });
    expect((await fetchFeed(on.json().url)).statusCode).toBe(200);
  });

  it('answers 404 to unknown and malformed tokens, and 429 past the per-IP and the per-feed limits', async () => {
    const base = 'http://127.0.0.1:3000/api/calendar';
    for (const token of ['x'.repeat(43), 'short', `${'A'.repeat(42)}!`]) {
      const res = await fetchFeed(`${base}/${token}.ics`, {}, '10.9.9.1');
      expect(res.statusCode, token).toBe(404);
    }
    // A NUL in the path is refused by the app's text guard before the call, as everywhere.
    expect((await fetchFeed(`${base}/%00.ics`, {}, '10.9.9.1')).statusCode).toBe(400);
    const ip = '10.9.9.2';
    for (let i = 0; i < FEED_RATE_LIMITS.perIp.perWindow; i++) {
      expect((await fetchFeed(`${base}/${'y'.repeat(43)}.ics`, {}, ip)).statusCode).toBe(404);
    }
    const limited = await fetchFeed(`${base}/${'y'.repeat(43)}.ics`, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');

    // One feed fetched from many addresses (a calendar service's pool) is limited on its own; others are not.
    const { url } = (await s.call(s.w.sessions.installerB, 'POST', linkPath(s.w.installerB.id))).json();
    const statuses: number[] = [];
    for (let i = 0; i <= FEED_RATE_LIMITS.perFeed.perWindow; i++) {
      statuses.push((await fetchFeed(url, {}, `10.8.0.${i + 1}`)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThan(
      FEED_RATE_LIMITS.perFeed.perWindow,
    );
    const other = (await s.call(s.w.sessions.installerA, 'GET', linkPath(s.w.installerA.id))).json().url;
    expect((await fetchFeed(other, {}, '10.8.0.1')).statusCode).toBe(200);
  });
});
