import { describe, expect, it } from 'vitest';
import { FALLBACK_LEAD_OFFERS, MAX_LEAD_OFFERS, rankLeadCandidates } from './lead-routing';

const lead = { zip: '33629', state: 'FL' };

describe('who a lead is offered to, nearest first', () => {
  it('the same ZIP, then the same sectional centre, then the same state; never another state while the state is served', () => {
    const ranked = rankLeadCandidates(lead, [
      { id: 1, zip: '90210', state: 'CA' },
      { id: 2, zip: '32801', state: 'FL' },
      { id: 3, zip: '33609', state: 'FL' },
      { id: 4, zip: '33629-1234', state: 'FL' },
      { id: 5, zip: '33611', state: 'FL' },
      { id: 6, zip: 'n/a', state: null },
    ]);
    expect(ranked.map((c) => c.id)).toEqual([4, 5, 3, 2]);
    expect(ranked[0]?.distanceScore).toBe(0);
  });

  it('offers at most 10', () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, zip: String(33600 + i), state: 'FL' }));
    expect(rankLeadCandidates(lead, many)).toHaveLength(MAX_LEAD_OFFERS);
  });

  it('when nobody serves the state, the nearest few still get it', () => {
    const ranked = rankLeadCandidates({ zip: '59001', state: 'MT' }, [
      { id: 1, zip: '90210', state: 'CA' },
      { id: 2, zip: '60601', state: 'IL' },
      { id: 3, zip: '58001', state: 'ND' },
      { id: 4, zip: '10001', state: 'NY' },
    ]);
    // 58001 is 1,000 away, 60601 is 1600, 90210 is 31209; New York is not among the nearest 3.
    expect(ranked.map((c) => c.id)).toEqual([3, 2, 1]);
    expect(ranked).toHaveLength(FALLBACK_LEAD_OFFERS);
  });

  it('a lead without a valid ZIP is offered to nobody', () => {
    expect(rankLeadCandidates({ zip: 'abc', state: null }, [{ id: 1, zip: '33609', state: 'FL' }])).toEqual(
      [],
    );
  });
});
