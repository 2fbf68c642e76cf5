import type { Readable } from 'node:stream';
import { financialsCalls as calls } from '@app/contracts/financials.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { renderMessagePage } from '../hosted-pay/hosted-pay.page';
import type { DirectPayees } from './financials.direct-payees';
import type { FinancialsService } from './financials.service';

function sendDocument(
  reply: FastifyReply,
  body: Readable | Buffer | string,
  kind: 'csv' | 'html' | 'pdf',
  filename: string,
): FastifyReply {
  const type = { csv: 'text/csv; charset=utf-8', html: 'text/html; charset=utf-8', pdf: 'application/pdf' }[
    kind
  ];
  const disposition = kind === 'html' ? 'inline' : 'attachment';
  return reply
    .header('content-type', type)
    .header('content-disposition', `${disposition}; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Rows 106–110 and the screen's other calls (issue 13). */
export function registerFinancialsRoutes(
  app: FastifyInstance,
  { service, directPayees }: { service: FinancialsService; directPayees: DirectPayees },
) {
  registerCall(app, calls.installerPayments, ({ auth, params, query }) =>
    service.listTransactions(auth, 'installer', params.requestId, query),
  );
  registerCall(app, calls.dealerPayments, ({ auth, params, query }) =>
    service.listTransactions(auth, 'dealer', params.id, query),
  );
  registerCall(app, calls.exportCsv, ({ auth, params, query, reply }) => {
    const range = query.from || query.to ? `${query.from ?? 'start'}_${query.to ?? 'today'}` : 'all';
    return sendDocument(
      reply,
      service.exportCsv(auth, params.companyId, query),
      'csv',
      `financials_${range}.csv`,
    );
  });
  registerCall(app, calls.deposits, ({ auth, params }) => service.deposits(auth, params.installerId));
  registerCall(app, calls.revenue, ({ auth, params, query }) =>
    service.revenue(auth, params.companyId, query),
  );
  registerCall(app, calls.w9, ({ reply }) => sendDocument(reply, service.w9(), 'pdf', 'W-9.pdf'));
  registerCall(app, calls.directPayees, ({ auth, params, query }) =>
    directPayees.list(auth, params.dealerId, query),
  );
  registerCall(app, calls.directPayeesCsv, async ({ auth, params, query, reply }) => {
    const { body, name } = await directPayees.csv(auth, params.dealerId, query);
    return sendDocument(reply, body, 'csv', name);
  });
  registerCall(app, calls.stripeDashboard, ({ auth, params }) => service.dashboardLink(auth, params.id));
  registerCall(app, calls.batchSettleCheck, ({ auth, body }) => service.batchSettleCheck(auth, body));
  registerCall(app, calls.bookkeeperReport, async ({ auth, params, query, reply }) => {
    const doc = await service.bookkeeperReport(auth, params.installerId, query);
    const name = `bookkeeper_${query.startDate}_${query.endDate}.${query.format}`;
    return sendDocument(reply, doc, query.format, name);
  });
  registerCall(app, calls.dealerStatements, ({ auth, params }) =>
    service.statementMonths(auth, params.dealerId),
  );
  registerCall(app, calls.dealerStatement, async ({ auth, params, query, reply }) => {
    const doc = await service.statement(auth, params.dealerId, params.month, query.format);
    return sendDocument(reply, doc, query.format, `statement_${params.month}.${query.format}`);
  });
}

/**
 * The local payment adapter's dashboard page (offline stand-in for the Stripe Express dashboard), outside
 * /api: `app.register(financialsModule.localDashboardPlugin, { prefix: '/payments-dashboard' })`. It shows no
 * business data (the link is not a secret): only that payouts are simulated.
 */
export async function registerLocalDashboardPage(app: FastifyInstance) {
  app.get<{ Params: { accountId: string } }>(
    '/:accountId',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderMessagePage(
            'Payment dashboard',
            `Local payment account ${request.params.accountId.slice(0, 64)}. This is the offline payment provider: card and online payments are simulated and no payouts are made. With Stripe keys configured, this button opens the Stripe Express dashboard.`,
          ),
        ),
  );
}
