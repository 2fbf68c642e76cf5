import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type CalendarLinkModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** External calendar link: Google connect / select / disconnect and appointments (rows 55, 56, 58–60, 67–70; issue 12). Not built yet. */
export function registerCalendarLinkModule(_api: FastifyInstance, _deps: CalendarLinkModuleDeps): void {}
