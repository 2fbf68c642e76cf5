import { ZErrorResponse } from '@app/contracts/errors.contract';
import {
  schedulingPaths as paths,
  ZAvailabilityParams,
  ZAvailabilityQuery,
  ZAvailabilityReply,
  ZAvailabilitySummaryParams,
  ZAvailabilitySummaryQuery,
  ZAvailabilitySummaryReply,
  ZInstallerCalendarDays,
  ZInstallerCalendarParams,
  ZInstallerGroupParams,
  ZInstallerGroupReply,
  ZScheduleBody,
  ZScheduleReply,
} from '@app/contracts/scheduling.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { SchedulingService } from './scheduling.service';

const tags = ['scheduling'];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

export function registerSchedulingRoutes(app: FastifyInstance, { service }: { service: SchedulingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.availability,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Can the installer fit this job from checkDate (000 shape)?',
        description:
          'For the installer itself (its offers, estimates and jobs) or the requesting dealer (an installer that answered its request). The request’s own calendar days do not count against it.',
        params: ZAvailabilityParams,
        querystring: ZAvailabilityQuery,
        response: { 200: ZAvailabilityReply, ...errors },
      },
    },
    async (request) =>
      service.getAvailability(
        requireAuth(request),
        request.params.installerId,
        request.params.requestId,
        request.query.checkDate,
      ),
  );

  r.get(
    paths.availabilitySummary,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Availability banner of the installer wizard (001 shape)',
        description:
          'duration = the sum of the service durations in days (default 1). Without checkDate the requested date is the first day the job fits. warning is "May need to work over normal capacity" when no start up to the due date fits; draftConflicts lists draft jobs on the requested days.',
        params: ZAvailabilitySummaryParams,
        querystring: ZAvailabilitySummaryQuery,
        response: { 200: ZAvailabilitySummaryReply, ...errors },
      },
    },
    async (request) =>
      service.getAvailabilitySummary(requireAuth(request), request.params.installerId, request.query),
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      paths.schedule,
      {
        config: { effect: 'write' },
        schema: {
          tags,
          summary: `Set the schedule of a job (${method.toUpperCase()}; decision 6: PUT and POST do the same)`,
          description:
            'installerId is the caller, doing the work. The start date follows the start-date picker (earliest today; dealer work ends by its due date; installer work up to 30 days past due). The job’s calendar days move with it (keeping their status); a booked job without days gets them; installer-type due date = end date. Allowed while new, scheduled or received.',
          body: ZScheduleBody,
          response: { 200: ZScheduleReply, ...errors },
        },
      },
      async (request) => service.setSchedule(requireAuth(request), request.body),
    );
  }

  r.get(
    paths.installerGroup,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Transfer candidates: the other locations of the caller’s installer group',
        description: 'An empty list gives the client’s "No specialists available for transfer."',
        params: ZInstallerGroupParams,
        response: { 200: ZInstallerGroupReply, ...errors },
      },
    },
    async (request) => service.listGroupCandidates(requireAuth(request), request.params.installerId),
  );

  r.get(
    paths.installerCalendars,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Booked and blocked days of the installer wizard’s drop-off picker (row 64, 001 shape)',
        description:
          'One row per day with any booking, from today (UTC) through today + 60 days, in date order: capacity = units booked (jobs booked, pending or started covering the day, one per job), installerCapacity = the location’s capacity per day (default 8), blocked = capacity ≥ 2 × installerCapacity (such a drop-off date is refused with 409 at creation). For the installer itself, another location of its installer group or a company granted to the user (ASSIST may read); 404 otherwise.',
        params: ZInstallerCalendarParams,
        response: { 200: ZInstallerCalendarDays, ...errors },
      },
    },
    async (request) => service.listInstallerCalendar(requireAuth(request), request.params.installerId),
  );
}
