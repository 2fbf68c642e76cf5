import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

describe('read cache', () => {
  it('keeps entries with their version and replaces an entry of the same key', () => {
    const cache = createReadCache({ maxBytes: 1000 });
    cache.set('a', '1.0', { n: 1 }, 100);
    expect(cache.get('a')).toEqual({ version: '1.0', value: { n: 1 }, bytes: 100 });
    cache.set('a', '2.0', { n: 2 }, 300);
    expect(cache.get('a')?.version).toBe('2.0');
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 300 });
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the least recently used entries once the estimated size passes the bound', () => {
    const cache = createReadCache({ maxBytes: 1000 });
    cache.set('a', '1', 'A', 400);
    cache.set('b', '1', 'B', 400);
    cache.get('a'); // a is now the most recently used
    cache.set('c', '1', 'C', 400);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe('A');
    expect(cache.get('c')?.value).toBe('C');
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 800 });
  });

  it('does not keep an entry larger than the whole bound, nor let it push others out', () => {
    const cache = createReadCache({ maxBytes: 1000 });
    cache.set('a', '1', 'A', 400);
    cache.set('huge', '1', 'H', 5000);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')?.value).toBe('A');
  });

  it('counts hits and misses', () => {
    const cache = createReadCache({ maxBytes: 1000 });
    cache.count(true);
    cache.count(false);
    cache.count(false);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });
  });
});
