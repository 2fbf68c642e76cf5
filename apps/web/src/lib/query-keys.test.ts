import { describe, expect, it } from 'vitest';

// Every key factory of the app: each feature's `query-keys.ts`, found on disk so a new one is checked too.
const keyModules = import.meta.glob<Record<string, unknown>>('../**/query-keys.ts', { eager: true });
// The app's own source (no tests), to find keys written outside a factory.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

type KeyFunction = (companyId: number, ...rest: unknown[]) => readonly unknown[];
type Factory = { file: string; name: string; all: readonly unknown[]; keys: [string, KeyFunction][] };

const factories: Factory[] = Object.entries(keyModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Keys'))
    .map(([name, value]) => {
      const factory = value as Record<string, unknown>;
      return {
        file,
        name,
        all: factory.all as readonly unknown[],
        keys: Object.entries(factory).filter(
          (entry): entry is [string, KeyFunction] => typeof entry[1] === 'function',
        ),
      };
    }),
);

const companyA = 424_242;
const companyB = 515_151;
// Stand-ins for every other argument; the user object serves the keys that take one.
const otherArguments = [{ userId: 1, userType: 'dealer', access: 'STANDARD' }, 'two', 3, 'four', 5];

describe('query key factories', () => {
  it('finds the factories of every feature that caches', () => {
    expect(factories.map((factory) => factory.name).sort()).toEqual(
      expect.arrayContaining(['companyKeys', 'navigationKeys', 'paymentKeys', 'serviceRequestKeys']),
    );
    expect(factories.length).toBeGreaterThanOrEqual(9);
  });

  it('gives each feature its own first element', () => {
    for (const factory of factories) {
      expect(factory.all, `${factory.name}.all`).toHaveLength(1);
      expect(typeof factory.all[0], `${factory.name}.all`).toBe('string');
    }
    const features = factories.map((factory) => factory.all[0]);
    expect(new Set(features).size).toBe(features.length);
  });

  it.each(factories.map((factory) => [factory.name, factory] as const))(
    '%s: every key is [feature, companyId, …] and differs between companies',
    (_name, factory) => {
      expect(factory.keys.length).toBeGreaterThan(0);
      for (const [keyName, makeKey] of factory.keys) {
        const key = makeKey(companyA, ...otherArguments);
        const label = `${factory.name}.${keyName}`;
        expect(key[0], label).toBe(factory.all[0]);
        expect(key[1], `${label} must carry the company id second`).toBe(companyA);
        // Starts with the feature's company prefix, so one company's queries can be dropped together.
        expect(key.slice(0, 2), label).toEqual([factory.all[0], companyA]);
        expect(makeKey(companyB, ...otherArguments), label).not.toEqual(key);
      }
    },
  );
});

describe('query keys in the source', () => {
  const files = Object.entries(sources);

  it('reads the source of the app', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('writes every queryKey with a factory, never as an inline array', () => {
    const offenders: string[] = [];
    for (const [file, text] of files) {
      for (const match of text.matchAll(/queryKey:\s*([^,}\n]*)/g)) {
        if (!/^\w+Keys\.\w+/.test(match[1] ?? '')) offenders.push(`${file}: queryKey: ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('declares key factories only in a query-keys.ts file', () => {
    const offenders = files
      .filter(([file, text]) => !file.endsWith('/query-keys.ts') && /\bexport const \w+Keys\s*=/.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
