import { PARCEL_MESSAGES as M, PARCEL_LIMITS } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/envelope.ts';
import { orderTotals } from './parcel-order-totals.ts';

describe('orderTotals', () => {
  it('prices carats lines, leaves pieces lines without an amount, and sums what is present', () => {
    const totals = orderTotals([
      { carats: 10.5, pricePerCarat: 555.5 },
      { pieces: 120, pricePerCarat: 700 },
      { carats: 0.001, pieces: 3, pricePerCarat: 500 },
    ]);
    expect(totals.lines.map((line) => line.amount)).toEqual([5832.75, null, 0.5]);
    expect(totals).toMatchObject({ totalPieces: 123, totalCarats: 10.501, totalAmount: 5833.25 });
    expect(orderTotals([{ pieces: 5, pricePerCarat: 1 }])).toMatchObject({
      totalCarats: null,
      totalAmount: null,
    });
  });

  it("refuses a total past what the order's amount column holds, on lines", () => {
    const line = { carats: PARCEL_LIMITS.lineCarats, pricePerCarat: PARCEL_LIMITS.pricePerCarat };
    // A price past the sheet's highest cannot reach here; the bound holds whatever the lines carry.
    const over = Array.from({ length: 2 }, () => ({
      ...line,
      pricePerCarat: PARCEL_LIMITS.orderAmount / 15_000,
    }));
    let refused: unknown;
    try {
      orderTotals(over);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).toEnvelope()).toMatchObject({
      code: 'E_BAD_REQUEST',
      errors: [{ field: 'lines', message: M.orderTooLarge }],
    });
    expect(orderTotals([line]).totalAmount).toBe(100_000_000_000);
  });
});
