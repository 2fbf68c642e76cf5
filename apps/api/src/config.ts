import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  SEED_DEMO: booleanString.optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  API_DOCS: z.enum(['public', 'off']).optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Installer Marketplace <no-reply@marketplace.local>'),
  MAIL_OUTBOX_VIEWER: booleanString.optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // Endpoint overrides of the Google adapter (tests point them at a local fake; decision 026).
  GOOGLE_OAUTH_AUTH_URL: z.string().url().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().optional(),
  GOOGLE_OAUTH_REVOKE_URL: z.string().url().optional(),
  GOOGLE_API_ROOT_URL: z.string().url().optional(),
  CALENDAR_TOKEN_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  VPIC_URL: z.string().url().optional(),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, ctx): TrustProxy => {
      if (value === '' || value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be false, true, a hop count or a comma list of addresses/CIDRs (bad: ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return entries;
    })
    .default(false),
  READ_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().default(''),
  SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
});

/** Fastify's trustProxy: off, every hop, the nearest n hops, or only these proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/** TrustProxy in the form Fastify's types take (a hop count becomes "trust the nearest n hops"). */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** proxy-addr's names for address ranges, an IP address, or an IP address with a prefix length. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Sign-in throttles (docs/decisions/006-sign-in-throttling.md): `signInPerPair` failures of one (account, IP)
 * pair, then that pair waits `pairBlockMs`, doubled with each further failure up to `pairMaxBlockMs`;
 * `signInPerIp` failures per IP in `windowMs` across accounts.
 */
export type RateLimits = {
  signInPerPair: number;
  pairBlockMs: number;
  pairMaxBlockMs: number;
  signInPerIp: number;
  windowMs: number;
  notFoundPerMinute: number;
};
export const defaultRateLimits: RateLimits = {
  signInPerPair: 5,
  pairBlockMs: 60_000,
  pairMaxBlockMs: 60 * 60_000,
  signInPerIp: 20,
  windowMs: 15 * 60_000,
  notFoundPerMinute: 120,
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  seedDemo: boolean;
  publicUrl: string;
  jwtSecret: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string | null;
  /** Swagger UI and the OpenAPI description at /api/docs: served to anyone, or not at all (404). */
  apiDocs: 'public' | 'off';
  outboxPollMs: number;
  /** Start the outbox worker loop (tests that drive it by hand turn it off). */
  runOutboxWorker: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * The mailbox at /dev/mailbox (GET /api/dev/outbox): each signed-in user reads the e-mails and text messages
   * the local adapters delivered to it and its companies. On by default only with demo seeding; never in
   * production; absent (404) with SMTP.
   */
  mailOutboxViewer: boolean;
  stripe: { secretKey: string; webhookSecret: string | null } | null;
  twilio: { accountSid: string; authToken: string; from: string } | null;
  vpicUrl: string | null;
  /** The Google Calendar adapter (GOOGLE_CLIENT_ID + GOOGLE_CLIENT_SECRET), else the local one. */
  google: GoogleCalendarConfig | null;
  /**
   * Secret the calendar refresh tokens are encrypted with (AES-256-GCM, key derived by HKDF): CALENDAR_TOKEN_KEY,
   * required in production with Google; otherwise the per-data-directory secret (decision 026).
   */
  calendarTokenSecret: string;
  rateLimits: RateLimits;
  /** Which reverse proxies' X-Forwarded-For to believe for the client IP (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** How long the auth guard keeps a resolved user (0 = read it on every call). */
  authCacheMs: number;
  /** Bound of each process's cache of list pages and full requests, in bytes (0 = no cache). */
  readCacheBytes: number;
  /** Where documents (contract PDFs) are kept: local disk (default) or an S3-compatible bucket. */
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | null;
        credentials: { accessKeyId: string; secretAccessKey: string } | null;
        prefix: string;
      };
  /** Lifetime of a signed document link (GET signedURL/). */
  signedUrlTtlSeconds: number;
};

export type GoogleCalendarConfig = {
  clientId: string;
  clientSecret: string;
  /** Overrides of Google's endpoints (null = Google's own). */
  authUrl: string | null;
  tokenUrl: string | null;
  revokeUrl: string | null;
  apiRootUrl: string | null;
};

export class ConfigError extends Error {}

/**
 * Parses the environment once at boot. A bad value stops the server with a message naming
 * the variable. This is the only file that reads process.env.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const database = e.DATABASE_URL
    ? ({ kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DB_POOL_SIZE } as const)
    : ({ kind: 'pglite', dataDir: e.DATA_DIR } as const);
  const seedDemo = e.SEED_DEMO ?? database.kind === 'pglite';
  if (e.NODE_ENV === 'production') {
    if (seedDemo)
      throw new ConfigError('Invalid environment:\n  SEED_DEMO: demo seeding is not allowed in production');
    if (!e.JWT_SECRET) throw new ConfigError('Invalid environment:\n  JWT_SECRET: required in production');
    if (e.MAIL_OUTBOX_VIEWER)
      throw new ConfigError(
        'Invalid environment:\n  MAIL_OUTBOX_VIEWER: the local mailbox viewer is not allowed in production',
      );
    if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET && !e.CALENDAR_TOKEN_KEY)
      throw new ConfigError(
        'Invalid environment:\n  CALENDAR_TOKEN_KEY: required in production when Google Calendar is on',
      );
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid environment:\n  S3_BUCKET: required when STORAGE_DRIVER is s3');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, '');
  const jwtSecret = e.JWT_SECRET ?? readOrCreateDevSecret(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    database,
    seedDemo,
    publicUrl,
    jwtSecret,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ?? null,
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'off' : 'public'),
    outboxPollMs: e.OUTBOX_POLL_MS,
    runOutboxWorker: true,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    mailOutboxViewer: e.MAIL_OUTBOX_VIEWER ?? seedDemo,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null }
      : null,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : null,
    vpicUrl: e.VPIC_URL ?? null,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_OAUTH_AUTH_URL ?? null,
            tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL ?? null,
            revokeUrl: e.GOOGLE_OAUTH_REVOKE_URL ?? null,
            apiRootUrl: e.GOOGLE_API_ROOT_URL ?? null,
          }
        : null,
    calendarTokenSecret: e.CALENDAR_TOKEN_KEY ?? jwtSecret,
    rateLimits: defaultRateLimits,
    trustProxy: e.TRUST_PROXY,
    authCacheMs: e.AUTH_CACHE_MS,
    readCacheBytes: Math.round(e.READ_CACHE_MB * 1024 * 1024),
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT ?? null,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : null,
            prefix: e.S3_PREFIX,
          }
        : { kind: 'local', dir: path.join(e.DATA_DIR, 'files') },
    signedUrlTtlSeconds: e.SIGNED_URL_TTL_SECONDS,
  };
}

/** In development a per-data-directory secret is generated once and kept in DATA_DIR. */
function readOrCreateDevSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A config for tests: no files touched, everything explicit. */
export function createTestConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '',
    database: { kind: 'pglite', dataDir: null },
    seedDemo: false,
    publicUrl: 'http://127.0.0.1:3000',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    logLevel: 'silent',
    webDistDir: null,
    apiDocs: 'public',
    outboxPollMs: 50,
    runOutboxWorker: false,
    smtpUrl: null,
    mailFrom: 'Test <test@marketplace.local>',
    mailOutboxViewer: false,
    stripe: null,
    twilio: null,
    vpicUrl: null,
    google: null,
    calendarTokenSecret: 'test-calendar-token-secret-0123456789abcdef',
    rateLimits: defaultRateLimits,
    trustProxy: false,
    authCacheMs: 0,
    // On in tests: every integration test that writes and then reads a list or a full request checks
    // that the write changed the versions the cache is checked against.
    readCacheBytes: 32 * 1024 * 1024,
    storage: { kind: 'local', dir: path.join(tmpdir(), 'marketplace-test-files') },
    signedUrlTtlSeconds: 300,
    ...overrides,
  };
}
