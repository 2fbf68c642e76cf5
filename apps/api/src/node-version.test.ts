import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, nodeVersionProblem } from './node-version';

describe('Node.js version check at start', () => {
  it('accepts the minimum and anything newer', () => {
    for (const v of ['20.19.0', 'v20.19.0', '20.20.2', '21.0.0', '22.12.0', '24.1.0', '22.1.0-nightly2024']) {
      expect(nodeVersionProblem(v), v).toBeNull();
    }
  });

  it('refuses an older Node.js, naming both versions', () => {
    for (const v of ['20.18.3', '20.11.1', '18.20.4', '0.12.0']) {
      const problem = nodeVersionProblem(v);
      expect(problem, v).toContain(`Node.js ${MINIMUM_NODE} or newer is required`);
      expect(problem, v).toContain(v);
    }
  });

  it('refuses what is not a version', () => {
    expect(nodeVersionProblem('twenty')).toMatch(/not understood/);
  });

  it('asks for what package.json engines and .nvmrc say', () => {
    const root = new URL('../../../', import.meta.url);
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE.replace(/\.0$/, '')}`);
    const nvmrc = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
    expect(nvmrc).toBe(MINIMUM_NODE.split('.')[0]);
  });
});
