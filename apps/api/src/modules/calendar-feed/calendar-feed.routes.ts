import { calendarFeedCalls as calls, FEED_MAX_AGE_SECONDS } from '@app/contracts/calendar-feed.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { CalendarFeedService, FeedAnswer } from './calendar-feed.service';

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The feed's headers: cacheable by the subscriber only (the URL is a secret), revalidated by ETag. */
function sendFeed(reply: FastifyReply, answer: FeedAnswer): FastifyReply {
  reply
    .header('ETag', answer.etag)
    .header('Last-Modified', answer.lastModified.toUTCString())
    .header('Cache-Control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow');
  if (answer.kind === 'not-modified') return reply.status(304).send();
  return reply
    .header('Content-Type', 'text/calendar; charset=utf-8')
    .header('Content-Disposition', `inline; filename="${answer.fileName}"`)
    .send(answer.body);
}

/** The feed link calls and the public feed (issue 12; decision 025). */
export function registerCalendarFeedRoutes(
  app: FastifyInstance,
  { service }: { service: CalendarFeedService },
) {
  registerCall(app, calls.getLink, ({ auth, params }) => service.getLink(auth, params.installerId));
  registerCall(app, calls.createLink, async ({ auth, params, reply }) => {
    const { link, created } = await service.createLink(auth, params.installerId);
    if (!created) reply.status(200);
    return link;
  });
  registerCall(app, calls.resetLink, ({ auth, params }) => service.resetLink(auth, params.installerId));
  registerCall(app, calls.deleteLink, ({ auth, params }) => service.deleteLink(auth, params.installerId));
  registerCall(app, calls.feed, async ({ request, params, reply }) =>
    sendFeed(
      reply,
      await service.readFeed(request.ip, params.token, {
        ifNoneMatch: firstHeader(request.headers['if-none-match']),
        ifModifiedSince: firstHeader(request.headers['if-modified-since']),
      }),
    ),
  );
}
