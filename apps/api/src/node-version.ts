/**
 * The oldest Node.js the API runs on; the root package.json's `engines.node` says the same (unit test).
 * 20.19 is the first 20.x that loads an ES module with `require()` without a flag: `@fastify/static`
 * requires `content-disposition` 3 and `light-my-request` requires `cookie` 2, both ES modules only, so an
 * older Node stops at start with ERR_REQUIRE_ESM. Vite 8, rolldown and jsdom ask for 20.19 too.
 */
export const MINIMUM_NODE = '20.19.0';

/** Why this Node.js version cannot run the API, or null when it can. `version` is e.g. '20.18.3'. */
export function nodeVersionProblem(version: string, minimum: string = MINIMUM_NODE): string | null {
  const have = parseVersion(version);
  if (!have) return `Node.js version '${version}' is not understood; ${minimum} or newer is required.`;
  const need = parseVersion(minimum) ?? [0, 0, 0];
  const difference = have.map((part, i) => part - (need[i] ?? 0)).find((d) => d !== 0) ?? 0;
  if (difference >= 0) return null;
  return `Node.js ${minimum} or newer is required, this is ${have.join('.')}: see .nvmrc and README.md.`;
}

/** [major, minor, patch] of 'v20.19.0', '20.19.0' or '22.1.0-nightly…'; null when not a version. */
function parseVersion(version: string): number[] | null {
  const found = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  return found ? found.slice(1, 4).map(Number) : null;
}
