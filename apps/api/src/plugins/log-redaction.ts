import type { FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';
/** Properties that hold a statement's bound values (Drizzle's DrizzleQueryError has `params`). */
const VALUE_KEYS = new Set(['params', 'parameters', 'values']);
/** Drizzle's message is `Failed query: <sql>\nparams: <values>`: the values may span lines, so all of it goes. */
const PARAMS_TAIL = /\nparams: [\s\S]*$/;
/** PostgreSQL's `detail` of key violations: `Key (email)=(a@b.c) already exists.` */
const KEY_DETAIL =
  /^Key \(([^)]*)\)=\([\s\S]*?\)( already exists\.| is (?:not present in|still referenced from) table "[^"]*"\.)?$/;

type Serialized = { type: string; message: string; stack: string; [key: string]: unknown };

function redactMessage(message: string, sqlState: unknown): string {
  const withoutParams = message.replace(PARAMS_TAIL, `\nparams: ${REDACTED}`);
  // Data exceptions (SQLSTATE class 22) quote the offending value: `invalid input syntax for type integer: "x"`.
  return typeof sqlState === 'string' && sqlState.startsWith('22')
    ? withoutParams.replace(/"[^"]*"/g, `"${REDACTED}"`)
    : withoutParams;
}

function redactDetail(detail: string): string {
  const key = KEY_DETAIL.exec(detail);
  return key ? `Key (${key[1]})=(${REDACTED})${key[2] ?? ''}` : REDACTED;
}

/**
 * The logger's `err` serializer. Like pino's, it keeps the type, message, stack, cause and own properties;
 * unlike it, it never writes the values a failed statement was given: bound parameters (e-mails, phone
 * numbers, names…) and the values PostgreSQL quotes in `detail` or in data-exception messages are replaced by
 * `[redacted]`. The SQL text, the SQLSTATE code and the constraint, table and column names stay, which is what
 * diagnosing the failure needs.
 */
export function serializeLoggedError(error: Error, seen = new WeakSet<object>()): Serialized {
  seen.add(error);
  const record = error as Error & Record<string, unknown>;
  const sqlState = record.code;
  const message = redactMessage(error.message, sqlState);
  const out: Serialized = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: (error.stack ?? '').replace(error.message, () => message),
  };
  const nested = (value: unknown) =>
    value instanceof Error ? (seen.has(value) ? '[circular]' : serializeLoggedError(value, seen)) : value;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    if (VALUE_KEYS.has(key)) out[key] = REDACTED;
    else if (key === 'detail' && typeof value === 'string') out[key] = redactDetail(value);
    else out[key] = nested(value);
  }
  if (error.cause !== undefined) out.cause = nested(error.cause);
  if (error instanceof AggregateError) out.errors = error.errors.map(nested);
  return out;
}

/** Fastify's logger options: level, redacted request fields, and the error serializer above. */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: ['req.headers.authorization', 'req.body.password'],
    serializers: { err: serializeLoggedError },
    ...(stream ? { stream } : {}),
  };
}
