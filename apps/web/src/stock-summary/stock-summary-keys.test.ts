import { STOCK_SUMMARY_ENDPOINTS as E } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { matchesChangedPaths } from '../live/live-queries.ts';
import { blockKey, demandKey, demandSummaryKey, trackKey } from './stock-summary-api.ts';

const NO_RESOURCES = new Map<string, string>();
const page = { page: 1, limit: 20 };

describe('customer activity query keys', () => {
  it('refresh on a live change naming their endpoint, and only then', () => {
    const lists = [
      [[...trackKey, 'cart', '', '', page], E.trackPaginate.path],
      [[...blockKey, 'all', page], E.blockPaginate.path],
      [[...demandKey, 'all', page], E.demandDetails.path],
      [demandSummaryKey, E.demandSummary.path],
    ] as const;
    for (const [key, path] of lists) {
      expect(matchesChangedPaths(key, [path], NO_RESOURCES), path).toBe(true);
      expect(matchesChangedPaths(key, ['apis/banner/paginate'], NO_RESOURCES), path).toBe(false);
    }
  });
});
