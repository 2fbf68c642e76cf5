import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type CalendarModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** The installer's calendar screen reads (R14; rows 57, 61–65; issue 12). Not built yet. */
export function registerCalendarModule(_api: FastifyInstance, _deps: CalendarModuleDeps): void {}
