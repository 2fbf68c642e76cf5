import { calendarFeedCalls } from '@app/contracts/calendar-feed.contract';
import { callApi } from '../../../lib/call-api';

export type FeedLinkAction = 'create' | 'reset' | 'off';

/** The installer's ICS subscription link (never creates one). */
export function fetchFeedLink(installerId: number) {
  return callApi(calendarFeedCalls.getLink, { params: { installerId } }, { isQuiet: true });
}

/** Turns the feed on, issues a new token, or turns it off; each answers the link as it now is. */
export function changeFeedLink(installerId: number, action: FeedLinkAction) {
  const input = { params: { installerId } };
  switch (action) {
    case 'create':
      return callApi(calendarFeedCalls.createLink, input, { isQuiet: true });
    case 'reset':
      return callApi(calendarFeedCalls.resetLink, input, { isQuiet: true });
    case 'off':
      return callApi(calendarFeedCalls.deleteLink, input, { isQuiet: true });
  }
}
