import { describe, expect, it } from 'vitest';
import { pickColumns } from './pick-columns';
import { users } from './schema/identity';

describe('pickColumns', () => {
  it('keys the named columns of a table by their names, nothing else', () => {
    const picked = pickColumns(users, 'id', 'email');
    expect(Object.keys(picked)).toEqual(['id', 'email']);
    expect(picked.id).toBe(users.id);
    expect(picked.email).toBe(users.email);
  });
});
