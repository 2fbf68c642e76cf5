/**
 * A process's cache of request reads (list pages, full requests), each entry kept with the database
 * version of its scope (migration 0004, docs/decisions/005-read-cache.md). An entry is only ever served
 * after the caller has read the scope's current version from the database and found it equal, so a reply
 * from the cache is the reply the database would give at that moment; the cache saves the work, never the
 * check. Least recently used entries go first once the estimated size passes `maxBytes`.
 */
export type ReadCache = {
  get(key: string): { version: string; value: unknown } | undefined;
  set(key: string, version: string, value: unknown, bytes: number): void;
  /** Entries held and their estimated size (tests, benchmarks). */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  /** Counts a served entry (the version matched) or a miss (absent or outdated). */
  count(hit: boolean): void;
};

type Entry = { version: string; value: unknown; bytes: number };

export function createReadCache({ maxBytes }: { maxBytes: number }): ReadCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Map order is the LRU order: a read moves the entry to the end.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, version, value, size) {
      const old = entries.get(key);
      if (old) {
        entries.delete(key);
        bytes -= old.bytes;
      }
      if (size > maxBytes) return;
      entries.set(key, { version, value, bytes: size });
      bytes += size;
      for (const [k, e] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(k);
        bytes -= e.bytes;
      }
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    count(hit) {
      if (hit) hits += 1;
      else misses += 1;
    },
  };
}
