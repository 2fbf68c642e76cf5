import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../platform/security/auth-context';
import { createAuthUserCache } from './auth-user-cache';

const context = (userId: number, companyId: number): AuthContext => ({
  userId,
  email: `u${userId}@example.test`,
  userName: 'User',
  userType: 'dealer',
  groups: ['Dealer'],
  companyId,
  access: 'ADMIN',
});

describe('auth user cache', () => {
  it('keeps a resolved user for ttlMs, per company, then forgets it', () => {
    let t = 0;
    const cache = createAuthUserCache({ ttlMs: 2000, now: () => t });
    expect(cache.get(1, 10, 's')).toBeUndefined();
    cache.set(1, 10, 's', context(1, 10));
    expect(cache.get(1, 10, 's')?.context?.companyId).toBe(10);
    expect(cache.get(1, 11, 's')).toBeUndefined();
    expect(cache.get(1, 10, 'another session')).toBeUndefined();
    t = 1999;
    expect(cache.get(1, 10, 's')?.context?.userId).toBe(1);
    t = 2000;
    expect(cache.get(1, 10, 's')).toBeUndefined();
  });

  it('keeps a refusal too (null), so a disabled user cannot make every call hit the database', () => {
    const cache = createAuthUserCache({ ttlMs: 1000, now: () => 0 });
    cache.set(2, 10, 's', null);
    expect(cache.get(2, 10, 's')).toEqual({ context: null });
  });

  it('forgetUser drops every company of that user and nobody else', () => {
    const cache = createAuthUserCache({ ttlMs: 1000, now: () => 0 });
    cache.set(1, 10, 's', context(1, 10));
    cache.set(1, 11, 's', context(1, 11));
    cache.set(12, 10, 's', context(12, 10));
    cache.forgetUser(1);
    expect(cache.get(1, 10, 's')).toBeUndefined();
    expect(cache.get(1, 11, 's')).toBeUndefined();
    expect(cache.get(12, 10, 's')?.context?.userId).toBe(12);
  });

  it('ttlMs 0 turns it off', () => {
    const cache = createAuthUserCache({ ttlMs: 0, now: () => 0 });
    cache.set(1, 10, 's', context(1, 10));
    expect(cache.get(1, 10, 's')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stays bounded', () => {
    const cache = createAuthUserCache({ ttlMs: 1000, now: () => 0, maxEntries: 3 });
    for (let id = 1; id <= 10; id += 1) cache.set(id, 1, 's', context(id, 1));
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.get(10, 1, 's')?.context?.userId).toBe(10);
  });
});
