import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildFeedCalendar, type FeedJob, jobLink, runsOfDays } from './calendar-feed.ics';
import { matchesEtag } from './calendar-feed.service';

const job = (overrides: Partial<FeedJob>): FeedJob => ({
  requestId: 5,
  days: ['2025-03-12'],
  version: 3,
  changedAt: new Date('2025-03-01T09:30:00Z'),
  requestType: 'installer',
  currentState: 'scheduled',
  vehicle: null,
  services: 'Ceramic Coating',
  customerName: 'Rita Retail',
  dealerName: null,
  dueDay: null,
  ...overrides,
});

describe('runsOfDays', () => {
  it('joins consecutive days across month, year and leap-day ends; a gap starts a run', () => {
    expect(runsOfDays(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-03'])).toEqual([
      { start: '2024-12-30', end: '2025-01-02', days: 3 },
      { start: '2025-01-03', end: '2025-01-04', days: 1 },
    ]);
    expect(runsOfDays(['2028-02-28', '2028-02-29', '2028-03-01'])).toEqual([
      { start: '2028-02-28', end: '2028-03-02', days: 3 },
    ]);
    expect(runsOfDays([])).toEqual([]);
  });
});

describe('buildFeedCalendar', () => {
  it('writes all-day events with exclusive ends, stable UIDs and the version as SEQUENCE', () => {
    const text = buildFeedCalendar(
      [job({ days: ['2025-03-08', '2025-03-09', '2025-03-11'], vehicle: '2022 Tesla Model 3' })],
      { calendarName: 'Shop jobs', publicUrl: 'https://shop.example.com' },
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Shop jobs');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.startDate.toString(), e.endDate.toString(), e.sequence])).toEqual([
      ['job-5-1@shop.example.com', '2025-03-08', '2025-03-10', 3],
      ['job-5-2@shop.example.com', '2025-03-11', '2025-03-12', 3],
    ]);
    expect(events[0]?.summary).toBe('2022 Tesla Model 3: Ceramic Coating (part 1 of 2)');
    expect(text).toContain('DTSTAMP:20250301T093000Z');
    // The same jobs give the same bytes (the ETag of an unchanged calendar does not move).
    expect(
      buildFeedCalendar(
        [job({ days: ['2025-03-08', '2025-03-09', '2025-03-11'], vehicle: '2022 Tesla Model 3' })],
        {
          calendarName: 'Shop jobs',
          publicUrl: 'https://shop.example.com',
        },
      ),
    ).toBe(text);
  });

  it('links finished work to Pickups and other work to Jobs', () => {
    expect(jobLink('https://x.test', { requestId: 9, currentState: 'finished' })).toBe(
      'https://x.test/pickups?id=9',
    );
    expect(jobLink('https://x.test', { requestId: 9, currentState: 'started' })).toBe(
      'https://x.test/jobs?id=9',
    );
    expect(jobLink('https://x.test', { requestId: 9, currentState: 'collected' })).toBe(
      'https://x.test/jobs?id=9',
    );
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in lists, and takes *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
  });
});
