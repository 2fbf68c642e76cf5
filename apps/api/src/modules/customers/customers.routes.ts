import { customerCalls as calls } from '@app/contracts/customers.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { CustomersService } from './customers.service';

export function registerCustomersRoutes(app: FastifyInstance, { service }: { service: CustomersService }) {
  registerCall(app, calls.createCustomer, async ({ auth, body }) => {
    const { customer_id: id } = await service.createCustomer(auth, body);
    return { success: true as const, id, customerId: id, customer_id: id };
  });
  registerCall(app, calls.listCustomers, ({ auth, query }) => service.listCustomers(auth, query.q));
  registerCall(app, calls.getCustomer, ({ auth, params }) => service.getCustomer(auth, params.id));
  registerCall(app, calls.updateCustomer, ({ auth, params, body }) =>
    service.updateCustomer(auth, params.id, body),
  );
  registerCall(app, calls.patchCustomer, ({ auth, params, body }) =>
    service.patchCustomer(auth, params.id, body),
  );
  registerCall(app, calls.listInstallerCustomers, ({ auth, params, query }) =>
    service.listInstallerCustomers(auth, params.typeId, query.q, query.limit),
  );
  registerCall(app, calls.listInstallerDealers, ({ auth, params, query }) =>
    service.listInstallerDealers(auth, params.typeId, query.q, query.limit),
  );
  registerCall(app, calls.listCustomerJobsOf, ({ auth, params }) =>
    service.listPartyJobs(auth, 'customer', params.customerId, params.typeId),
  );
  registerCall(app, calls.listDealerJobsOf, ({ auth, params }) =>
    service.listPartyJobs(auth, 'dealer', params.dealerId, params.typeId),
  );
  registerCall(app, calls.listDealers, ({ auth, query }) => service.listDealers(auth, query.q));
  registerCall(app, calls.createDealer, async ({ auth, body }) => {
    const { dealer_id: id } = await service.createDealer(auth, body);
    return { success: true as const, id, dealerId: id, dealer_id: id };
  });
  registerCall(app, calls.updateDealer, ({ auth, params, body }) =>
    service.updateDealer(auth, params.id, body),
  );
  registerCall(app, calls.listVendorPreferences, ({ auth, params }) =>
    service.listPreferences(auth, params.dealerId),
  );
  registerCall(app, calls.listDealerTeam, ({ auth, params }) => service.listTeam(auth, params.dealerId));
  registerCall(app, calls.createDealerContact, ({ auth, body }) => service.createContact(auth, body));
  registerCall(app, calls.completeZip, ({ params }) => service.completeZip(params.zip));
}
