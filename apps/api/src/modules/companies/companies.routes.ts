import { ZErrorResponse } from '@app/contracts/errors.contract';
import {
  ZCompanyAccessEntry,
  ZDealerRecord,
  ZIdParam,
  ZInstallerAuth,
  ZInstallerLocation,
  ZInstallerRecord,
  ZPublicDealerRecord,
  ZPublicInstallerAuth,
  ZPublicInstallerLocation,
  ZPublicInstallerRecord,
  ZUpdateLocationBody,
  ZUpdateLocationResponse,
} from '@app/contracts/shell.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { CompaniesService } from './companies.service';

const tags = ['companies'];
const errors = { 403: ZErrorResponse, 404: ZErrorResponse };

export function registerCompaniesRoutes(app: FastifyInstance, { service }: { service: CompaniesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Decision 3: both spellings answer.
  for (const path of ['/dealers/:id', '/dealer/:id']) {
    r.get(
      path,
      {
        config: { effect: 'read' },
        schema: {
          tags,
          summary: 'Dealer company record (array of one); installers get its public fields',
          params: ZIdParam,
          response: { 200: z.array(z.union([ZDealerRecord, ZPublicDealerRecord])), ...errors },
        },
      },
      async (request) => service.getDealer(requireAuth(request), request.params.id),
    );
  }
  r.get(
    '/installers/:id',
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Installer company record (array of one); dealers get its public fields',
        params: ZIdParam,
        response: { 200: z.array(z.union([ZInstallerRecord, ZPublicInstallerRecord])), ...errors },
      },
    },
    async (request) => service.getInstaller(requireAuth(request), request.params.id),
  );
  r.get(
    '/installerLocations/:id',
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Locations of an installer with capacity (card reader and account for its own users)',
        params: ZIdParam,
        response: { 200: z.array(z.union([ZInstallerLocation, ZPublicInstallerLocation])), ...errors },
      },
    },
    async (request) => service.listInstallerLocations(requireAuth(request), request.params.id),
  );
  r.get(
    '/installerAuth/:id',
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Calendar link state of an installer',
        params: ZIdParam,
        response: { 200: z.union([ZInstallerAuth, ZPublicInstallerAuth]), ...errors },
      },
    },
    async (request) => service.getInstallerAuth(requireAuth(request), request.params.id),
  );
  r.put(
    '/updateLocation/:id',
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Select the calendar that manages this location’s appointments',
        params: ZIdParam,
        body: ZUpdateLocationBody,
        response: { 200: ZUpdateLocationResponse, 400: ZErrorResponse, ...errors },
      },
    },
    async (request) => service.selectCalendar(requireAuth(request), request.params.id, request.body),
  );
  r.get(
    '/userAccess/:id',
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Companies the user may reach (company dropdown)',
        params: ZIdParam,
        response: { 200: z.array(ZCompanyAccessEntry), ...errors },
      },
    },
    async (request) => service.listUserAccess(requireAuth(request), request.params.id),
  );
}
