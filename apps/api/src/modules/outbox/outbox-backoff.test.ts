import { describe, expect, it } from 'vitest';
import { computeRetryDelayMs } from './outbox-backoff';

describe('computeRetryDelayMs', () => {
  it('doubles from 5 s × 2^attempts', () => {
    const mid = () => 0.5;
    expect(computeRetryDelayMs(1, mid)).toBe(10_000);
    expect(computeRetryDelayMs(2, mid)).toBe(20_000);
    expect(computeRetryDelayMs(5, mid)).toBe(160_000);
  });

  it('caps at one hour, jitter included', () => {
    expect(computeRetryDelayMs(12, () => 0.5)).toBe(3_600_000);
    expect(computeRetryDelayMs(50, () => 0.999)).toBe(3_600_000);
  });

  it('adds ±20 % jitter', () => {
    expect(computeRetryDelayMs(1, () => 0)).toBe(8_000);
    expect(computeRetryDelayMs(1, () => 1)).toBe(12_000);
  });
});
