import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailableError', () => {
  it('knows a dropped or refused connection, also inside the error Drizzle wraps it in', () => {
    const terminated = withCode('terminating connection due to administrator command', '57P01');
    expect(isDatabaseUnavailableError(terminated)).toBe(true);
    expect(
      isDatabaseUnavailableError(new DrizzleQueryError('insert into x values ($1)', [1], terminated)),
    ).toBe(true);
    expect(isDatabaseUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailableError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailableError(
        new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailableError(withCode('the database system is starting up', '57P03'))).toBe(true);
  });

  it('leaves statements the database refused, and other errors, alone', () => {
    const unique = withCode('duplicate key value violates unique constraint', '23505');
    expect(isDatabaseUnavailableError(unique)).toBe(false);
    expect(isDatabaseUnavailableError(new DrizzleQueryError('insert', [], unique))).toBe(false);
    expect(isDatabaseUnavailableError(withCode('syntax error at or near "x"', '42601'))).toBe(false);
    expect(isDatabaseUnavailableError(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailableError('Connection terminated')).toBe(false);
  });
});
