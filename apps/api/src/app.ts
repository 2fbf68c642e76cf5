import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '@app/contracts/errors.contract';
import { financialsPaths } from '@app/contracts/financials.contract';
import { APP_VERSION, healthCalls, ZMeta } from '@app/contracts/shell.contract';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOCAL_ONBOARDING_PATH } from './adapters/payments/local-connect-onboarding';
import { type Config, fastifyTrustProxy } from './config';
import type { DatabaseHandle } from './db/client';
import { registerAnalyticsModule } from './modules/analytics/analytics.module';
import { createAuthRepository } from './modules/auth/auth.repository';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createAuthUserCache } from './modules/auth/auth-user-cache';
import { createSessionUserLoader } from './modules/auth/session-user';
import { registerBlockedDaysModule } from './modules/blocked-days/blocked-days.module';
import { registerCalendarModule } from './modules/calendar/calendar.module';
import { registerCalendarExportModule } from './modules/calendar-export/calendar-export.module';
import { registerCalendarFeedModule } from './modules/calendar-feed/calendar-feed.module';
import { createCalendarLinkModule } from './modules/calendar-link/calendar-link.module';
import { registerCatalogTemplatesModule } from './modules/catalog-templates/catalog-templates.module';
import { createCompaniesRepository } from './modules/companies/companies.repository';
import { registerCompaniesRoutes } from './modules/companies/companies.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import { registerCustomerContractsModule } from './modules/customer-contracts/customer-contracts.module';
import { registerEditJobModule } from './modules/edit-job/edit-job.module';
import { createFinancialsModule } from './modules/financials/financials.module';
import { registerJobClaimModule } from './modules/job-claim/job-claim.module';
import { registerCalendarOutboxHandlers } from './modules/lifecycle/lifecycle.calendar-handlers';
import { registerLifecycleModule } from './modules/lifecycle/lifecycle.module';
import { createLifecycleRepository } from './modules/lifecycle/lifecycle.repository';
import { createNavigationRepository } from './modules/navigation/navigation.repository';
import { registerNavigationRoutes } from './modules/navigation/navigation.routes';
import { createNavigationService } from './modules/navigation/navigation.service';
import { createOutboxModule } from './modules/outbox/outbox.module';
import {
  onboardingPagePlugin,
  registerPaymentOnboardingModule,
} from './modules/payment-onboarding/payment-onboarding.module';
import { createPaymentsModule } from './modules/payments/payments.module';
import { registerProfileModule } from './modules/profile/profile.module';
import { createReferralsModule, type ReferralsModule } from './modules/referrals/referrals.module';
import { registerCreationModules } from './modules/request-creation/request-creation.module';
import { registerSchedulingModule } from './modules/scheduling/scheduling.module';
import { registerServiceCatalogModule } from './modules/service-catalog/service-catalog.module';
import { compactListCounts, LIST_COUNTS_COMPACT_MS } from './modules/service-requests/list-counts';
import { registerServiceRequestsModule } from './modules/service-requests/service-requests.module';
import { registerUsersModule } from './modules/users/users.module';
import { registerVehicleCatalogModule } from './modules/vehicle-catalog/vehicle-catalog.module';
import { createTokenSigner } from './platform/security/tokens';
import { type ApiRoute, registerAuthGuard } from './plugins/auth-guard';
import {
  answerClientError,
  answerFrameworkError,
  answerUnmatchedApiPath,
  MAX_PARAM_LENGTH,
  registerErrorHandler,
} from './plugins/error-handler';
import { loggerOptions } from './plugins/log-redaction';
import { openApiOptions } from './plugins/openapi';
import { registerCall } from './plugins/register-call';
import { createResponseSerializerCompiler } from './plugins/response-serializer';
import { isApiUrl, registerSecurityHeaders } from './plugins/security-headers';
import { registerTextGuard } from './plugins/text-guard';

/** How long the readiness check waits for the database's answer. */
const READY_TIMEOUT_MS = 2_000;

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  clock?: () => Date;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
  /** True only on the start that seeded the demo data (boot.ts): the demo documents are written then. */
  demoSeeded?: boolean;
  /** Told of every route as it is registered (tests that enumerate the calls: the security matrix, the fuzz pass). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole product (API + web) without listening. Every module is registered here, explicitly. */
export async function buildApp({
  config,
  database,
  clock = () => new Date(),
  logStream,
  demoSeeded = false,
  onRoute,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, logStream),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // 512 covers every path parameter the contracts accept (e-mails ≤ 254, reader and payment ids ≤ 255).
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: MAX_PARAM_LENGTH,
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.env === 'test' }));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyCookie);
  registerErrorHandler(app, { notFoundPerMinute: config.rateLimits.notFoundPerMinute });
  registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  registerTextGuard(app);

  const { db } = database;
  const signer = createTokenSigner(config.jwtSecret);
  const authRepository = createAuthRepository(db);
  const authUserCache = createAuthUserCache({ ttlMs: config.authCacheMs });
  const authService = createAuthService({
    db,
    repository: authRepository,
    signer,
    config,
    userCache: authUserCache,
    clock,
  });
  const outboxModule = createOutboxModule({ config, db, clock, logger: app.log });
  const paymentsModule = createPaymentsModule({ config, db, clock, logger: app.log });
  paymentsModule.registerOutboxHandlers(outboxModule.registerHandler);
  const financialsModule = createFinancialsModule({ config, db, clock, payments: paymentsModule });
  const referralsModule = createReferralsModule({ db, config, clock, outbox: outboxModule, logger: app.log });
  const calendarLink = createCalendarLinkModule({ db, config, accounts: authService, clock });
  registerCalendarOutboxHandlers(outboxModule.registerHandler, {
    db,
    repository: createLifecycleRepository(),
    calendar: calendarLink.port,
    links: calendarLink.links,
  });

  await app.register(fastifySwagger, openApiOptions(config));
  // API_DOCS=off (the default in production): no Swagger UI and no OpenAPI description; /api/docs is a 404.
  if (config.apiDocs === 'public') await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // The API: every route below is protected by the guard unless its config says public.
  await app.register(
    async (api) => {
      // Every route below declares its effect ('read' or 'write'); the list is app.apiRoutes.
      app.decorate(
        'apiRoutes',
        registerAuthGuard(api, {
          signer,
          loadSessionUser: createSessionUserLoader({ repository: authRepository, cache: authUserCache }),
        }),
      );
      registerCall(api, healthCalls.health, async () => {
        await database.exec('select 1');
        return { status: 'ok' as const, database: database.kind, version: APP_VERSION };
      });
      registerCall(api, healthCalls.ready, async ({ request }) => {
        try {
          await database.ping(READY_TIMEOUT_MS);
        } catch (error) {
          request.log.warn({ err: error }, 'readiness: database unavailable');
          throw new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable.');
        }
        return { status: 'ready' as const, database: database.kind };
      });
      registerAuthRoutes(api, {
        service: authService,
        secureCookie: config.publicUrl.startsWith('https:'),
      });
      registerCompaniesRoutes(api, {
        service: createCompaniesService({ repository: createCompaniesRepository(db), accounts: authService }),
      });
      registerNavigationRoutes(api, {
        service: createNavigationService({ repository: createNavigationRepository(db) }),
      });
      const serviceRequests = registerServiceRequestsModule(api, { db, config });
      registerAnalyticsModule(api, { db, clock });
      const lifecycle = registerLifecycleModule(api, { db, clock, payments: paymentsModule.service });
      registerSchedulingModule(api, { db, clock, lifecycle });
      registerJobClaimModule(api, { db, config, clock, lifecycle });
      const creation = registerCreationModules(api, { db, config, clock });
      referralsModule.registerRoutes(api, { vinDecoder: creation.vinDecoder });
      outboxModule.registerRoutes(api, { requests: serviceRequests, owners: authService });
      paymentsModule.registerRoutes(api);
      financialsModule.registerRoutes(api);
      // Issue 14: the catalogs the wizards quote from.
      registerServiceCatalogModule(api, { db, config, clock });
      registerVehicleCatalogModule(api, { db, config, clock });
      registerCatalogTemplatesModule(api, { db, config, clock });
      // Issue 16: edit job and the customer contract.
      registerEditJobModule(api, { db, clock, creation: creation.serviceDeps, reads: serviceRequests });
      registerCustomerContractsModule(api, { db, config, clock, demoSeeded });
      // Issue 15: people and accounts.
      registerUsersModule(api, { db, config, clock, auth: authService, userCache: authUserCache });
      registerPaymentOnboardingModule(api, { db, config, clock, port: paymentsModule.port, logger: app.log });
      registerProfileModule(api, { db, config, clock, demoSeeded });
      registerCalendarModule(api, { db, config, clock });
      calendarLink.registerRoutes(api);
      registerBlockedDaysModule(api, { db, config, clock });
      registerCalendarExportModule(api, { db, config, clock });
      registerCalendarFeedModule(api, { db, config, clock });
    },
    { prefix: '/api' },
  );
  // The hosted invoice page of the local payment adapter (server-rendered HTML, no sign-in).
  await app.register(paymentsModule.hostedPayPlugin, { prefix: '/pay' });
  await app.register(onboardingPagePlugin({ db, clock, port: paymentsModule.port }), {
    prefix: LOCAL_ONBOARDING_PATH,
  });
  await app.register(financialsModule.localDashboardPlugin, { prefix: financialsPaths.localDashboard });

  app.get('/meta.json', { schema: { hide: true, response: { 200: ZMeta } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { version: APP_VERSION };
  });

  registerWebApp(app, config);

  // Background work of every process: the outbox worker, and hourly forgetting of sign-in throttles whose
  // windows have all ended (decision 006; any process may do it, the delete is idempotent).
  let pruneTimer: NodeJS.Timeout | undefined;
  const pruneThrottles = () =>
    authService
      .pruneThrottles()
      .catch((error: unknown) => app.log.warn({ err: error }, 'pruning sign-in throttles failed'));
  // The list counts' deltas folded every minute (decision 016), so a total sums a few rows per key.
  let compactTimer: NodeJS.Timeout | undefined;
  const compactCounts = () =>
    compactListCounts(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'folding the list counts failed'),
    );
  app.addHook('onReady', async () => {
    if (!config.runOutboxWorker) return;
    outboxModule.worker.start();
    referralsModule.start();
    pruneTimer = setInterval(pruneThrottles, 60 * 60 * 1000);
    pruneTimer.unref();
    compactTimer = setInterval(compactCounts, LIST_COUNTS_COMPACT_MS);
    compactTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    clearInterval(compactTimer);
    referralsModule.stop();
    await outboxModule.worker.stop();
  });
  app.decorate('outbox', outboxModule);
  app.decorate('payments', paymentsModule);
  app.decorate('referrals', referralsModule);

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: ReturnType<typeof createOutboxModule>;
    referrals: ReferralsModule;
    /** Every /api route with its declared effect (filled as routes register; complete once ready). */
    apiRoutes: readonly ApiRoute[];
  }
}

/** Hashed build output (apps/web/vite.config.ts): a new build writes new names, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA; client-side routes fall back to index.html. The build writes brotli and gzip copies
 * beside the files (apps/web/build/precompress.mjs): a browser that accepts one gets it (`Vary:
 * Accept-Encoding`), others the file itself. Hashed assets are cached for a year; everything else (index.html
 * and the fallback to it) is revalidated on every use, so a new deployment is picked up at once.
 */
function registerWebApp(app: FastifyInstance, config: Config) {
  const dist = path.resolve(config.webDistDir ?? path.join(import.meta.dirname, '../../web/dist'));
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built; run npm run build');
    return;
  }
  const assets = path.join(dist, 'assets') + path.sep;
  void app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The path is the file sent, a `.br` or `.gz` copy included.
    setHeaders: (reply, file) => {
      reply.header('cache-control', path.resolve(file).startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
    // Source maps would publish the full source (issue 19). The build emits none (apps/web/vite.config.ts);
    // should a dist hold some anyway (an older or a custom build), they are not served.
    allowedPath: (pathname) => !pathname.toLowerCase().endsWith('.map'),
  });
  const sendIndex = (reply: import('fastify').FastifyReply) => reply.sendFile('index.html');
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiUrl(url)) return answerUnmatchedApiPath(request, reply);
    // Real files (hashed assets) are served by the static plugin; anything with an extension that is missing is a 404.
    const relative = decodeURIComponent(url).replace(/^\/+/, '');
    if (path.extname(relative)) {
      const file = path.resolve(dist, relative);
      if (file.startsWith(dist) && existsSync(file)) return reply.sendFile(relative);
      return reply.callNotFound();
    }
    return sendIndex(reply);
  });
}
