import { describe, expect, it } from 'vitest';
import { readCatalogSegment, readCategorySegment, sortCategories } from '../catalog/catalog.service';
import { distanceMiles, visibilityModeFor } from './matching.service';

describe('matching helpers', () => {
  it('measures great-circle miles', () => {
    // Tampa (Westshore) to Miami: about 205 miles; to Clearwater about 16.
    expect(distanceMiles({ lat: 27.9447, lng: -82.5152 }, { lat: 25.7617, lng: -80.1918 })).toBeCloseTo(
      205,
      -1,
    );
    expect(distanceMiles({ lat: 27.9447, lng: -82.5152 }, { lat: 27.959, lng: -82.742 })).toBeCloseTo(
      13.9,
      0,
    );
  });

  it('takes a category’s stored mode, else the dealer-wide one', () => {
    const visibility = {
      dealerId: 1,
      latitude: null,
      longitude: null,
      defaultMode: 'preferred' as const,
      preferences: [{ category: 'Glass/Tint', mode: 'all' as const, defaultInstallerId: null }],
    };
    expect(visibilityModeFor(visibility, 'glass/tint')).toBe('all');
    expect(visibilityModeFor(visibility, 'PPF')).toBe('preferred');
    expect(visibilityModeFor(visibility, null)).toBe('preferred');
  });

  it('reads the catalog and category path segments', () => {
    expect(
      ['WHOLE', 'wholesale', 'Dealer', 'RETAIL', 'Prospect', 'CUSTOMER'].map(readCatalogSegment),
    ).toEqual(['WHOLE', 'WHOLE', 'WHOLE', 'RETAIL', 'RETAIL', 'RETAIL']);
    expect(['All', 'All Categories', '0', 'PPF', 'Glass/Tint'].map(readCategorySegment)).toEqual([
      null,
      null,
      null,
      'PPF',
      'Glass/Tint',
    ]);
    expect(sortCategories(['Wraps', 'Other Services', 'PPF', 'Paint', 'Glass/Tint', 'PPF'])).toEqual([
      'PPF',
      'Glass/Tint',
      'Paint',
      'Other Services',
      'Wraps',
    ]);
  });
});
