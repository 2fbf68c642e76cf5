import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { constantLimit } from './constant-limit';

describe('constantLimit', () => {
  it('writes the limit into the SQL text, not as a parameter (so the kept plan sees the constant)', () => {
    const query = new PgDialect().sqlToQuery(sql`select id from t where c = ${7} ${constantLimit(200)}`);
    expect(query.sql).toBe('select id from t where c = $1 limit 200');
    expect(query.params).toEqual([7]);
  });

  it('refuses anything but a whole number of rows', () => {
    for (const rows of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => constantLimit(rows)).toThrow(/not a row count/);
    }
  });
});
