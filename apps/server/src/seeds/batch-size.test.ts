import { describe, expect, it } from 'vitest';
import { TimedBatchSize } from './batch-size.ts';

describe('batches sized by time', () => {
  it('sizes the next batch to the target time, within bounds', () => {
    const sizes = new TimedBatchSize({ targetMs: 40, initial: 200, min: 50, max: 5000 });
    expect(sizes.next()).toBe(200);
    // 0.1 ms a row: 400 rows make 40 ms, reached at most doubling per batch.
    sizes.took(200, 20);
    expect(sizes.next()).toBe(400);
    sizes.took(400, 40);
    expect(sizes.next()).toBe(400);
  });

  it('shrinks at once when batches get slow, never under the minimum', () => {
    const sizes = new TimedBatchSize({ targetMs: 40, initial: 1000, min: 50, max: 5000 });
    sizes.took(1000, 400);
    expect(sizes.next()).toBe(100);
    sizes.took(100, 1000);
    expect(sizes.next()).toBe(50);
  });

  it('smooths one slow batch among fast ones', () => {
    const sizes = new TimedBatchSize({ targetMs: 40, initial: 400, min: 50, max: 5000 });
    sizes.took(400, 40);
    sizes.took(400, 120);
    // 0.6 × 0.1 + 0.4 × 0.3 = 0.18 ms a row: 222 rows, not 133.
    expect(sizes.next()).toBe(222);
  });
});
