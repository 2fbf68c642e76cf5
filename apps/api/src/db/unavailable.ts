/**
 * Whether an error means the database could not be reached or dropped the connection (restart, failover,
 * `pg_terminate_backend`, network), as opposed to a statement the database refused. The first kind is
 * temporary: the pool opens a new connection on the next query, so the caller is told to retry (503).
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (isConnectionFailure(current)) return true;
    // A connect() to a host with several addresses fails with one error per address.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailableError)) return true;
    // Drizzle wraps the driver's error (DrizzleQueryError: "Failed query: …", cause: the pg error).
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * SQLSTATE class 08 (connection exception); 57P01 admin shutdown (also `pg_terminate_backend`),
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up or shutting down); 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres throws itself (no code) when the socket ends or the pool cannot connect in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
];

function isConnectionFailure(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}
