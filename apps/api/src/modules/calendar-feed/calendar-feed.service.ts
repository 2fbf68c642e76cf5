import { createHash } from 'node:crypto';
import {
  calendarFeedPaths,
  FEED_WINDOW,
  calendarFeedMessages as m,
  type TCalendarFeedLink,
} from '@app/contracts/calendar-feed.contract';
import { AppError } from '@app/contracts/errors.contract';
import { addDays, toIsoDate } from '@app/domain/scheduling/dates';
import type { AuthContext } from '../../platform/security/auth-context';
import { hashToken } from '../../platform/security/tokens';
import type { PublicRateLimiter } from '../../platform/security/window-throttle';
import type { SchedulingRepository } from '../scheduling/scheduling.repository';
import { buildFeedCalendar } from './calendar-feed.ics';
import type { CalendarFeedRepository, FeedRow } from './calendar-feed.repository';
import { FEED_TOKEN_PATTERN, type FeedTokens } from './calendar-feed.token';

/**
 * Two limits (decision 025). Per IP, generous: calendar services (Google's fetchers, Outlook.com) poll every
 * installer's feed from a shared pool of addresses, so a tight per-IP limit would throttle all installers at
 * once. Per feed, tight: one feed's subscribers each keep a copy for 15 minutes, so 60 fetches in 15 minutes
 * is a dozen devices polling hard; more is a leaked link or a loop.
 */
export const FEED_RATE_LIMITS = {
  perIp: { kind: 'calendar-feed-ip', perWindow: 600, windowMs: 15 * 60_000 },
  perFeed: { kind: 'calendar-feed', perWindow: 60, windowMs: 15 * 60_000 },
} as const;

/** The version of the feed's layout: change it with buildFeedCalendar's output, so every ETag changes. */
const FEED_FORMAT = 'feed-v1';

/** What the feed call sends: the calendar, or 304 when the subscriber's copy is current. */
export type FeedAnswer =
  | { kind: 'calendar'; body: string; etag: string; lastModified: Date; fileName: string }
  | { kind: 'not-modified'; etag: string; lastModified: Date };

export type FeedConditions = { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined };

/** True when an If-None-Match list names this ETag (weak comparison, RFC 9110 §13.1.2) or is '*'. */
export function matchesEtag(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((item) => {
    const tag = item.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/** True when the copy dated by If-Modified-Since (HTTP date, whole seconds) is not older than the feed. */
function isUnmodifiedSince(header: string, lastModified: Date): boolean {
  const since = Date.parse(header);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/** 'elite-auto-film.ics' */
function fileNameOf(installerName: string): string {
  const slug = installerName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'calendar'}.ics`;
}

export type CalendarFeedServiceDeps = {
  repository: CalendarFeedRepository;
  scheduling: Pick<SchedulingRepository, 'canReadInstaller' | 'findCapacity'>;
  tokens: FeedTokens;
  limiter: PublicRateLimiter;
  publicUrl: string;
  clock?: () => Date;
};

/** The feed link calls and the feed (issue 12; decision 025). */
export function createCalendarFeedService({
  repository,
  scheduling,
  tokens,
  limiter,
  publicUrl,
  clock = () => new Date(),
}: CalendarFeedServiceDeps) {
  const urlOf = (token: string) => `${publicUrl}/api${calendarFeedPaths.feed.replace(':token', token)}`;

  function toLink(installerId: number, row: FeedRow | null, token?: string): TCalendarFeedLink {
    if (!row) return { installerId, active: false, url: null, createdAt: null };
    const shown = token ?? tokens.reveal(row.tokenSalt, row.tokenHash);
    return {
      installerId,
      active: true,
      url: shown ? urlOf(shown) : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The calendar's access (as rows 64–66): the installer, its group's other locations, a granted company. */
  async function requireCalendarAccess(auth: AuthContext, installerId: number): Promise<void> {
    const mayRead = auth.userType === 'installer' && (await scheduling.canReadInstaller(auth, installerId));
    const found = mayRead ? await scheduling.findCapacity(installerId) : null;
    if (!found) throw new AppError('NOT_FOUND', `Installer ${installerId} does not exist`);
  }

  return {
    async getLink(auth: AuthContext, installerId: number): Promise<TCalendarFeedLink> {
      await requireCalendarAccess(auth, installerId);
      return toLink(installerId, await repository.findByInstaller(installerId));
    },

    /** Turns the feed on; an existing feed is answered as it is (created false). */
    async createLink(
      auth: AuthContext,
      installerId: number,
    ): Promise<{ link: TCalendarFeedLink; created: boolean }> {
      await requireCalendarAccess(auth, installerId);
      const issued = tokens.issue();
      const { row, created } = await repository.insertIfAbsent({
        installerId,
        tokenSalt: issued.salt,
        tokenHash: issued.hash,
        createdByUserId: auth.userId,
        now: clock(),
      });
      return { link: toLink(installerId, row, created ? issued.token : undefined), created };
    },

    /** A new token; the old one finds nothing from this statement on. A feed that is off is turned on. */
    async resetLink(auth: AuthContext, installerId: number): Promise<TCalendarFeedLink> {
      await requireCalendarAccess(auth, installerId);
      const issued = tokens.issue();
      const values = {
        installerId,
        tokenSalt: issued.salt,
        tokenHash: issued.hash,
        createdByUserId: auth.userId,
        now: clock(),
      };
      const row = (await repository.replaceToken(values)) ?? (await repository.insertIfAbsent(values)).row;
      return toLink(installerId, row, row.tokenHash === issued.hash ? issued.token : undefined);
    },

    async deleteLink(auth: AuthContext, installerId: number): Promise<TCalendarFeedLink> {
      await requireCalendarAccess(auth, installerId);
      await repository.delete(installerId);
      return toLink(installerId, null);
    },

    /**
     * The feed: rate limited per IP, then the token's row by its hash (then limited per feed) (an unknown, reset or turned-off token
     * is 404), one read of the window's jobs, the calendar, its ETag (SHA-256 of what the body is built from) and Last-Modified
     * (when the body last changed: written only when the ETag differs from the last one served).
     */
    async readFeed(ip: string, token: string, conditions: FeedConditions): Promise<FeedAnswer> {
      await limiter.take(ip, FEED_RATE_LIMITS.perIp);
      const found = FEED_TOKEN_PATTERN.test(token)
        ? await repository.findByTokenHash(hashToken(token))
        : null;
      if (!found) throw new AppError('NOT_FOUND', m.feedNotFound);
      const { feed, installerName } = found;
      await limiter.take(`feed-${feed.id}`, FEED_RATE_LIMITS.perFeed);
      const now = clock();
      const today = toIsoDate(now);
      const jobs = await repository.listFeedJobs(
        feed.installerId,
        addDays(today, -FEED_WINDOW.daysBack),
        addDays(today, FEED_WINDOW.daysAhead),
      );
      const options = { calendarName: `${installerName} jobs`, publicUrl };
      // The ETag hashes what the body is built from (the body is a pure function of it, FEED_FORMAT naming
      // its version), so a subscriber whose copy is current gets 304 without the calendar being built:
      // building is the costly part (about 0.4 ms an event).
      const etag = `"${createHash('sha256')
        .update(JSON.stringify([FEED_FORMAT, options, jobs]))
        .digest('base64url')}"`;
      let lastModified = feed.contentChangedAt ?? now;
      if (feed.contentEtag !== etag || !feed.contentChangedAt) {
        lastModified = now;
        await repository.recordContent(feed.id, etag, now);
      }
      const isCurrent =
        conditions.ifNoneMatch !== undefined
          ? matchesEtag(conditions.ifNoneMatch, etag)
          : conditions.ifModifiedSince !== undefined &&
            isUnmodifiedSince(conditions.ifModifiedSince, lastModified);
      if (isCurrent) return { kind: 'not-modified', etag, lastModified };
      const body = buildFeedCalendar(jobs, options);
      return { kind: 'calendar', body, etag, lastModified, fileName: fileNameOf(installerName) };
    },
  };
}
export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
