import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentsModule } from '../payments/payments.module';
import { createDirectPayees } from './financials.direct-payees';
import { createFinancialsRepository } from './financials.repository';
import { registerFinancialsRoutes, registerLocalDashboardPage } from './financials.routes';
import { createFinancialsService, type FinancialsService } from './financials.service';

export type FinancialsModule = {
  service: FinancialsService;
  /** Rows 106–110 and the screen's other calls: inside the /api plugin. */
  registerRoutes(api: FastifyInstance): void;
  /** The local adapter's dashboard page: `app.register(m.localDashboardPlugin, { prefix: '/payments-dashboard' })`. */
  localDashboardPlugin(app: FastifyInstance): Promise<void>;
};

/** Financials (issue 13): reads in SQL over the money module's invoices and payments. */
export function createFinancialsModule({
  config,
  db,
  clock = () => new Date(),
  payments,
}: {
  config: Pick<Config, 'publicUrl'>;
  db: Db;
  clock?: () => Date;
  payments: Pick<PaymentsModule, 'service' | 'port'>;
}): FinancialsModule {
  const service = createFinancialsService({
    repository: createFinancialsRepository(db),
    payments: payments.service,
    port: payments.port,
    publicUrl: config.publicUrl,
    clock,
  });
  return {
    service,
    registerRoutes: (api) =>
      registerFinancialsRoutes(api, { service, directPayees: createDirectPayees({ db, clock }) }),
    localDashboardPlugin: registerLocalDashboardPage,
  };
}
