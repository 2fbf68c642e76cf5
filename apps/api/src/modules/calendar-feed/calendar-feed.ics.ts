import { FEED_REFRESH_SECONDS } from '@app/contracts/calendar-feed.contract';
import { countBucketForState } from '@app/domain/identity/access';
import { addDays, diffDays, type IsoDate } from '@app/domain/scheduling/dates';
import ical from 'ical-generator';

/** One job of the feed: its work days in the window and what the event says about it. */
export type FeedJob = {
  requestId: number;
  /** Distinct work days, ascending ('YYYY-MM-DD'). */
  days: IsoDate[];
  /** The request's version: bumped by every change (reschedule included), the events' SEQUENCE. */
  version: number;
  /** When the job or its calendar rows last changed (DTSTAMP, LAST-MODIFIED). */
  changedAt: Date;
  requestType: string;
  currentState: string;
  vehicle: string | null;
  /** The job's services in line order, or the request's summary when it has no lines. */
  services: string;
  customerName: string | null;
  dealerName: string | null;
  /** 'YYYY-MM-DD' (UTC) or null. */
  dueDay: IsoDate | null;
};

/** A run of consecutive work days: DTSTART and the exclusive DTEND of an all-day event. */
export type DayRun = { start: IsoDate; end: IsoDate; days: number };

/** Consecutive days become one run; a gap starts the next (days ascending, distinct). */
export function runsOfDays(days: readonly IsoDate[]): DayRun[] {
  const runs: DayRun[] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && diffDays(last.end, day) === 0) {
      last.end = addDays(day, 1);
      last.days += 1;
    } else {
      runs.push({ start: day, end: addDays(day, 1), days: 1 });
    }
  }
  return runs;
}

export type FeedOptions = { calendarName: string; publicUrl: string };

/** The screen that shows the job: /jobs?id= or /pickups?id= as the installer's lists sort it. */
export function jobLink(publicUrl: string, job: Pick<FeedJob, 'requestId' | 'currentState'>): string {
  const list = countBucketForState(job.currentState, 'installer') === 'pickups' ? 'pickups' : 'jobs';
  return `${publicUrl}/${list}?id=${job.requestId}`;
}

function describe(job: FeedJob, run: DayRun, link: string): string {
  const customer = job.customerName ?? job.dealerName;
  const lastDay = addDays(run.end, -1);
  return [
    `Job #${job.requestId} (${job.requestType === 'dealer' ? 'dealer request' : 'retail job'})`,
    customer ? `Customer: ${customer}` : null,
    job.dealerName && job.customerName ? `Dealership: ${job.dealerName}` : null,
    job.vehicle ? `Vehicle: ${job.vehicle}` : null,
    `Services: ${job.services || 'none listed'}`,
    job.dueDay ? `Due: ${job.dueDay}` : null,
    `Work days: ${run.start === lastDay ? run.start : `${run.start} to ${lastDay}`}`,
    `Open the job: ${link}`,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/**
 * The feed as iCalendar text, built with ical-generator: one all-day event per run of a job's work days
 * (DTSTART;VALUE=DATE and the exclusive DTEND), UID `job-{requestId}-{run}@{host}`, SEQUENCE the request's
 * version, DTSTAMP its last change (so an unchanged job gives the same bytes and the same ETag). Dates go in
 * as 'YYYY-MM-DD' strings with no calendar time zone: the output does not depend on the process's zone.
 */
export function buildFeedCalendar(jobs: readonly FeedJob[], options: FeedOptions): string {
  const host = new URL(options.publicUrl).hostname;
  const calendar = ical({
    name: options.calendarName,
    prodId: { company: 'marketplace', product: 'calendar-feed', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const job of jobs) {
    const runs = runsOfDays(job.days);
    const link = jobLink(options.publicUrl, job);
    const what = job.vehicle ? `${job.vehicle}: ${job.services}` : job.services || `Job #${job.requestId}`;
    runs.forEach((run, index) => {
      const part = runs.length > 1 ? ` (part ${index + 1} of ${runs.length})` : '';
      calendar.createEvent({
        id: `job-${job.requestId}-${index + 1}@${host}`,
        start: run.start,
        end: run.end,
        allDay: true,
        summary: `${what}${part}`,
        description: describe(job, run, link),
        url: link,
        sequence: job.version,
        stamp: job.changedAt,
        lastModified: job.changedAt,
      });
    });
  }
  return calendar.toString();
}
