import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type CalendarFeedModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** The installer's ICS subscription feed at /api/calendar/{token}.ics (issue 12). Not built yet. */
export function registerCalendarFeedModule(_api: FastifyInstance, _deps: CalendarFeedModuleDeps): void {}
