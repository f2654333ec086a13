import { STOCK_UPLOAD_MESSAGES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { leftOutRows, listedRows } from './upload-duplicates.ts';

describe('leftOutRows', () => {
  it('sets aside every row but the kept one, naming it', () => {
    const aside = (row: number, kept: number) => ({
      row_number: row,
      reason: STOCK_UPLOAD_MESSAGES.duplicateLeftOut(kept),
    });
    expect(leftOutRows([2, 5, 9], 'keep-last')).toEqual([aside(2, 9), aside(5, 9)]);
    expect(leftOutRows([2, 5, 9], 'keep-first')).toEqual([aside(5, 2), aside(9, 2)]);
  });

  it('sets aside all of them when told to skip, or when nobody chose', () => {
    expect(leftOutRows([3, 4], 'skip')).toEqual([
      { row_number: 3, reason: STOCK_UPLOAD_MESSAGES.duplicateSkipped([3, 4]) },
      { row_number: 4, reason: STOCK_UPLOAD_MESSAGES.duplicateSkipped([3, 4]) },
    ]);
    expect(leftOutRows([3, 4], null).map((row) => row.reason)).toEqual([
      STOCK_UPLOAD_MESSAGES.duplicateUnchosen([3, 4]),
      STOCK_UPLOAD_MESSAGES.duplicateUnchosen([3, 4]),
    ]);
  });

  it('names a long group by its first rows and how many more, so reasons stay short', () => {
    const rows = Array.from({ length: 2000 }, (_, index) => index + 2);
    const aside = leftOutRows(rows, 'skip');
    expect(aside).toHaveLength(2000);
    const reason = aside[0]?.reason ?? '';
    expect(reason).toContain('2, 3, 4');
    expect(reason).toContain('and 1,980 more');
    expect(reason.length).toBeLessThan(300);
  });
});

describe('listedRows', () => {
  it('lists a long group by its first rows and says how many it has', () => {
    const rows = Array.from({ length: 50 }, (_, index) => index + 2);
    expect(listedRows({ stockNumbers: ['D-1'], rowNumbers: rows })).toEqual({
      stockNumbers: ['D-1'],
      rowNumbers: rows.slice(0, 20),
      rowCount: 50,
    });
    expect(listedRows({ stockNumbers: ['D-2'], rowNumbers: [2, 3] })).toEqual({
      stockNumbers: ['D-2'],
      rowNumbers: [2, 3],
    });
  });
});
