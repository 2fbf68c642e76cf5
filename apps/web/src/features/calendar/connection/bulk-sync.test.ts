import { describe, expect, it } from 'vitest';
import { ApiHttpError } from '../../../lib/api-client';
import { isExpiredError, jobsOf, runBulkSync } from './bulk-sync';

describe('Sync All', () => {
  it('sends 12 jobs in groups of 5, pausing 200 ms after each success and 1 s between groups', async () => {
    const log: string[] = [];
    const result = await runBulkSync(
      Array.from({ length: 12 }, (_, i) => i + 1),
      async (id) => {
        log.push(`send ${id}`);
      },
      {
        sleep: async (ms) => {
          log.push(`sleep ${ms}`);
        },
      },
    );
    expect(result).toEqual({ done: 12, failed: 0, total: 12, expired: false });
    expect(log.filter((l) => l === 'sleep 1000')).toHaveLength(2);
    expect(log.filter((l) => l === 'sleep 200')).toHaveLength(12);
    // The first group goes out together, before any pause.
    expect(log.slice(0, 5)).toEqual(['send 1', 'send 2', 'send 3', 'send 4', 'send 5']);
    expect(log.indexOf('send 6')).toBeGreaterThan(log.indexOf('sleep 1000'));
  });

  it('stops after the group in which the connection expired; other failures are counted', async () => {
    const sent: number[] = [];
    const result = await runBulkSync(
      Array.from({ length: 12 }, (_, i) => i + 1),
      async (id) => {
        sent.push(id);
        if (id === 2) throw new Error('Server error');
        if (id === 4)
          throw new ApiHttpError(409, {
            code: 'CONFLICT',
            message:
              'Your Google Calendar connection has expired. Please reconnect your calendar and try again.',
            details: { reason: 'calendar_expired' },
          });
      },
      { sleep: async () => {} },
    );
    expect(result).toMatchObject({ expired: true, failed: 1, done: 3 });
    expect(sent).toEqual([1, 2, 3, 4, 5]);
  });

  it('recognises expiry by reason, 401 or text', () => {
    expect(isExpiredError(new Error('invalid_grant'))).toBe(true);
    expect(isExpiredError(new ApiHttpError(401, { code: 'UNAUTHENTICATED', message: 'x' }))).toBe(true);
    expect(isExpiredError(new Error('Server error'))).toBe(false);
    expect(jobsOf([{ requestId: 3 }, { requestId: 3 }, { requestId: 1 }])).toEqual([3, 1]);
  });
});
