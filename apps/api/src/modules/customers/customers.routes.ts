import {
  customerPaths as paths,
  ZCreateContactBody,
  ZCreateContactReply,
  ZCreateCustomerBody,
  ZCreateCustomerReply,
  ZCreateDealerBody,
  ZCreateDealerReply,
  ZCustomer,
  ZDealer,
  ZDealerIdParams,
  ZIdParams,
  ZPatchCustomerBody,
  ZSearchQuery,
  ZSuccess,
  ZTeamContact,
  ZTypeIdParams,
  ZUpdateCustomerBody,
  ZUpdateDealerBody,
  ZVendorPreference,
  ZZipCompletion,
  ZZipParams,
} from '@app/contracts/customers.contract';
import { ZErrorResponse } from '@app/contracts/errors.contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { CustomersService } from './customers.service';

const tags = ['customers'];
const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
const ZMessageReply = ZSuccess.extend({ message: z.string() });

export function registerCustomersRoutes(app: FastifyInstance, { service }: { service: CustomersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    paths.customers,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary:
          'Create a customer (installers: name, e-mail, 10-digit phone; dealers’ referral flow: owningInstaller 0)',
        body: ZCreateCustomerBody,
        response: { 200: ZCreateCustomerReply, ...errors },
      },
    },
    async (request) => {
      const created = await service.createCustomer(requireAuth(request), request.body);
      return {
        success: true as const,
        id: created.customer_id,
        customerId: created.customer_id,
        customer_id: created.customer_id,
      };
    },
  );
  r.get(
    paths.customers,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'The caller’s customers (?q= searches name and phone)',
        querystring: ZSearchQuery,
        response: { 200: z.array(ZCustomer), ...errors },
      },
    },
    async (request) => service.listCustomers(requireAuth(request), request.query.q),
  );
  for (const path of [paths.customer, paths.customerSingular]) {
    r.get(
      path,
      {
        config: { effect: 'read' },
        schema: { tags, summary: 'One customer', params: ZIdParams, response: { 200: ZCustomer, ...errors } },
      },
      async (request) => service.getCustomer(requireAuth(request), request.params.id),
    );
  }
  r.put(
    paths.customerSingular,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'UPDATE CUSTOMER (name, e-mail, 10-digit phone required)',
        params: ZIdParams,
        body: ZUpdateCustomerBody,
        response: { 200: ZMessageReply, ...errors },
      },
    },
    async (request) => service.updateCustomer(requireAuth(request), request.params.id, request.body),
  );
  r.put(
    paths.customer,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Set customerType, or take an unowned (referral) customer for the caller’s company',
        params: ZIdParams,
        body: ZPatchCustomerBody,
        response: { 200: ZSuccess, ...errors },
      },
    },
    async (request) => service.patchCustomer(requireAuth(request), request.params.id, request.body),
  );
  r.get(
    paths.customerInstall,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'An installer’s customers for the wizard type-ahead (?q=)',
        params: ZTypeIdParams,
        querystring: ZSearchQuery,
        response: { 200: z.array(ZCustomer), ...errors },
      },
    },
    async (request) =>
      service.listInstallerCustomers(requireAuth(request), request.params.typeId, request.query.q),
  );
  r.get(
    paths.dealerInstall,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'An installer’s dealerships for the wizard type-ahead (?q=)',
        params: ZTypeIdParams,
        querystring: ZSearchQuery,
        response: { 200: z.array(ZDealer), ...errors },
      },
    },
    async (request) =>
      service.listInstallerDealers(requireAuth(request), request.params.typeId, request.query.q),
  );
  r.get(
    paths.dealers,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Dealerships: an installer’s own; a dealer gets its record',
        querystring: ZSearchQuery,
        response: { 200: z.array(ZDealer), ...errors },
      },
    },
    async (request) => service.listDealers(requireAuth(request), request.query.q),
  );
  r.post(
    paths.dealers,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'An installer adds a dealership (all fields required; 4.16)',
        body: ZCreateDealerBody,
        response: { 200: ZCreateDealerReply, ...errors },
      },
    },
    async (request) => {
      const created = await service.createDealer(requireAuth(request), request.body);
      return {
        success: true as const,
        id: created.dealer_id,
        dealerId: created.dealer_id,
        dealer_id: created.dealer_id,
      };
    },
  );
  for (const path of [paths.dealer, paths.dealerSingular]) {
    r.put(
      path,
      {
        config: { effect: 'write' },
        schema: {
          tags,
          summary: 'Update a dealership (e-mail required)',
          params: ZIdParams,
          body: ZUpdateDealerBody,
          response: { 200: ZMessageReply, ...errors },
        },
      },
      async (request) => service.updateDealer(requireAuth(request), request.params.id, request.body),
    );
  }
  r.get(
    paths.dealerPreferences,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Vendor visibility per category (all | preferred) and the default vendor',
        params: ZDealerIdParams,
        response: { 200: z.array(ZVendorPreference), ...errors },
      },
    },
    async (request) => service.listPreferences(requireAuth(request), request.params.dealerId),
  );
  r.get(
    paths.dealerTeam,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'The dealership’s team (users and contacts) for “contact to notify”',
        params: ZDealerIdParams,
        response: { 200: z.array(ZTeamContact), ...errors },
      },
    },
    async (request) => service.listTeam(requireAuth(request), request.params.dealerId),
  );
  r.post(
    paths.dealerContacts,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Add a team contact (login disabled, status contact)',
        body: ZCreateContactBody,
        response: { 200: ZCreateContactReply, ...errors },
      },
    },
    async (request) => service.createContact(requireAuth(request), request.body),
  );
  r.get(
    paths.zip,
    {
      config: { effect: 'read' },
      schema: {
        tags: ['address'],
        summary: 'City and state of a US ZIP (5 digits or ZIP+4), from the table shipped with the product',
        params: ZZipParams,
        response: { 200: ZZipCompletion, ...errors },
      },
    },
    async (request) => service.completeZip(request.params.zip),
  );
}
