import { ZErrorResponse } from '@app/contracts/errors.contract';
import {
  vehiclePaths as paths,
  ZCreateVehicleBody,
  ZCustomerJob,
  ZCustomerVehiclesParams,
  ZCustomerVehiclesQuery,
  ZMake,
  ZModel,
  ZModelsParam,
  ZReplaceVinBody,
  ZReplaceVinReply,
  ZTrim,
  ZTrimsParam,
  ZTrimsQuery,
  ZVehicle,
  ZVinParam,
  ZVinQuery,
  ZVinReply,
  ZYearParam,
  ZYearsQuery,
  ZYearsReply,
} from '@app/contracts/vehicles.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { VehiclesService } from './vehicles.service';

const tags = ['vehicles'];
const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

export function registerVehiclesRoutes(app: FastifyInstance, { service }: { service: VehiclesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    paths.vin,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Decode a VIN (NHTSA vPIC data offline, or vPIC over HTTP when VPIC_URL is set)',
        description:
          'Results[0] has the vPIC values (ModelYear, Make, Model, Series, Trim, Trim2, BodyClass, VIN, ErrorCode, ErrorText) and the match to the reference catalog: id_car_make, id_car_model, id_car_trim, size (S/M/L, default M), matchType exact|loose|none (make score > 0.8, model > 0.7; trim score = 0.5 year fit + 0.3 trim + 0.2 body, the trim must fit the model year).',
        querystring: ZVinQuery,
        response: { 200: ZVinReply, ...errors },
      },
    },
    async (request) => service.decodeVin(request.query.Id),
  );
  r.get(
    paths.makes,
    {
      config: { effect: 'read' },
      schema: { tags, summary: 'Every make', response: { 200: z.array(ZMake), ...errors } },
    },
    async () => service.listMakes(null),
  );
  r.get(
    paths.makesOfYear,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Makes with a trim built in the year',
        params: ZYearParam,
        response: { 200: z.array(ZMake), ...errors },
      },
    },
    async (request) => service.listMakes(request.params.year),
  );
  r.get(
    paths.models,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Models of a make in a year: /models/{year}{makeId} or /models/{makeId}{year} (decision 1)',
        params: ZModelsParam,
        response: { 200: z.array(ZModel), ...errors },
      },
    },
    async (request) => service.listModels(request.params.yearAndMake),
  );
  r.get(
    paths.trims,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Trims of a model (optionally only those built in ?year=)',
        params: ZTrimsParam,
        querystring: ZTrimsQuery,
        response: { 200: z.array(ZTrim), ...errors },
      },
    },
    async (request) => service.listTrims(request.params.modelId, request.query.year ?? null),
  );
  r.get(
    paths.years,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary:
          'Vehicle years of a flow (decision 9): dealer 1950..next year, installer and catalog 1950..+2',
        querystring: ZYearsQuery,
        response: { 200: ZYearsReply, ...errors },
      },
    },
    async (request) => service.listYears(request.query.flow),
  );
  r.post(
    paths.vehicles,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Record a vehicle of the caller’s company (no VIN: an NV placeholder, OT for Other car)',
        body: ZCreateVehicleBody,
        response: { 200: ZVehicle, ...errors },
      },
    },
    async (request) => service.createVehicle(requireAuth(request), request.body),
  );
  for (const path of [paths.vehicle, paths.vehicleByVin]) {
    r.get(
      path,
      {
        config: { effect: 'read' },
        schema: {
          tags,
          summary: 'The latest vehicle with this VIN that the caller can see',
          params: ZVinParam,
          response: { 200: ZVehicle, ...errors },
        },
      },
      async (request) => service.getVehicleByVin(requireAuth(request), request.params.vin),
    );
  }
  r.put(
    paths.vehicleByVin,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Replace a stored NV placeholder VIN by the entered one (CHECK IN)',
        params: ZVinParam,
        body: ZReplaceVinBody,
        response: { 200: ZReplaceVinReply, ...errors },
      },
    },
    async (request) => service.replaceVin(requireAuth(request), request.params.vin, request.body),
  );
  r.get(
    paths.customerVehicles,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'A customer’s previous vehicles at this specialist (?type=dealer for a dealership)',
        params: ZCustomerVehiclesParams,
        querystring: ZCustomerVehiclesQuery,
        response: { 200: z.array(ZVehicle), ...errors },
      },
    },
    async (request) => service.listCustomerVehicles(requireAuth(request), request.params, request.query.type),
  );
  r.get(
    paths.customerJobs,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary:
          'A customer’s previous jobs at this specialist, newest first (?type=dealer for a dealership)',
        params: ZCustomerVehiclesParams,
        querystring: ZCustomerVehiclesQuery,
        response: { 200: z.array(ZCustomerJob), ...errors },
      },
    },
    async (request) => service.listCustomerJobs(requireAuth(request), request.params, request.query.type),
  );
}
