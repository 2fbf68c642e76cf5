import { afterAll, beforeAll } from 'vitest';

/**
 * A test file's suite from a module fixture's `start…Suite` (its app as `t`, its world and helpers): started
 * before the file's first test (within `timeout` ms, when given) and closed after its last. The object returned
 * is filled in then, so the tests read its fields inside their bodies.
 */
export function useSuite<S extends { t: { close: () => Promise<void> } }>(
  start: () => Promise<S>,
  options: { timeout?: number } = {},
): S {
  const suite = {} as S;
  beforeAll(async () => {
    Object.assign(suite, await start());
  }, options.timeout);
  afterAll(() => suite.t.close());
  return suite;
}
