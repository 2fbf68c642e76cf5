import { calendarLinkPaths } from '@app/contracts/calendar-link.contract';
import type { FastifyInstance } from 'fastify';
import type { CalendarPort } from '../../adapters/calendar/calendar-port';
import { createGoogleCalendarAdapter } from '../../adapters/calendar/google-calendar-adapter';
import { createLocalCalendarAdapter } from '../../adapters/calendar/local-calendar-adapter';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type CalendarLinks, createCalendarLinks } from './calendar-link.links';
import { createCalendarLinkRepository } from './calendar-link.repository';
import { registerCalendarLinkRoutes } from './calendar-link.routes';
import { createStateSigner, createTokenCipher } from './calendar-link.secrets';
import { type CalendarAccounts, createCalendarLinkService } from './calendar-link.service';

export type CalendarLinkModuleDeps = {
  db: Db;
  config: Pick<Config, 'google' | 'calendarTokenSecret' | 'jwtSecret' | 'publicUrl'>;
  accounts: CalendarAccounts;
  clock?: () => Date;
};

export type CalendarLinkModule = {
  /** The calendar port the config chose: Google with GOOGLE_CLIENT_ID/SECRET, else the local one. */
  port: CalendarPort;
  /** The installer's live link, for the lifecycle's outbox handlers. */
  links: CalendarLinks;
  registerRoutes(api: FastifyInstance): void;
};

/**
 * External calendar link: Google connect / select / disconnect and appointments (rows 55, 56, 58–60, 67–70;
 * issue 12; docs/decisions/026-calendar-link.md).
 */
export function createCalendarLinkModule({
  db,
  config,
  accounts,
  clock = () => new Date(),
}: CalendarLinkModuleDeps): CalendarLinkModule {
  const port = config.google ? createGoogleCalendarAdapter(config.google) : createLocalCalendarAdapter();
  const repository = createCalendarLinkRepository(db);
  const cipher = createTokenCipher(config.calendarTokenSecret);
  const links = createCalendarLinks({ repository, port, cipher, clock });
  const service = createCalendarLinkService({
    repository,
    port,
    links,
    cipher,
    signer: createStateSigner(config.jwtSecret),
    accounts,
    redirectUri: `${config.publicUrl}/api${calendarLinkPaths.callback}`,
    clock,
  });
  return { port, links, registerRoutes: (api) => registerCalendarLinkRoutes(api, { service }) };
}
