import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type CalendarExportModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Export Week: the week's A4 PDF (002 §2.5; M134, M141; issue 12). Not built yet. */
export function registerCalendarExportModule(_api: FastifyInstance, _deps: CalendarExportModuleDeps): void {}
