import { describe, expect, it } from 'vitest';
import {
  caratsFitRange,
  criteriaSaveSchema,
  criteriaTotals,
  gradeRange,
  priceCriteriaRow,
} from './noncert-criteria.ts';

const ID = '11111111-1111-4111-8111-111111111111';

describe('non-certified criteria', () => {
  it('prices a row by price per carat, or by its total to the cent', () => {
    expect(priceCriteriaRow({ carats: 3.456, pricePerCarat: 1250 })).toEqual({
      pricePerCarat: 1250,
      amount: 4320,
    });
    expect(priceCriteriaRow({ carats: 2.345, amount: 2000 })).toEqual({
      pricePerCarat: 852.88,
      amount: 2000,
    });
    // Both given: price per carat wins.
    expect(priceCriteriaRow({ carats: 2, pricePerCarat: 100, amount: 999 })).toEqual({
      pricePerCarat: 100,
      amount: 200,
    });
  });

  it('lets a bracket hold its whole last hundredth', () => {
    expect(caratsFitRange(3.99, 10, 0.3, 0.39)).toBe(true);
    expect(caratsFitRange(3, 10, 0.3, 0.39)).toBe(true);
    expect(caratsFitRange(4, 10, 0.3, 0.39)).toBe(false);
    expect(caratsFitRange(2.99, 10, 0.3, 0.39)).toBe(false);
  });

  it('names the row of every refused cell', () => {
    const parsed = criteriaSaveSchema.safeParse({
      nonCertId: ID,
      criteria: [
        { shapeId: ID, caratFrom: 0.3, caratTo: 0.39, carats: 1, pricePerCarat: 10 },
        { shapeId: ID, caratFrom: 0.5, caratTo: 0.4, carats: 1 },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['criteria.1.caratTo', 'Row 2: Carat to must not be below carat from.'],
      ['criteria.1.pricePerCarat', 'Row 2: Enter a price per carat or an amount.'],
    ]);
  });

  it('writes ranges and totals as a trader reads them', () => {
    expect([gradeRange('D', 'F'), gradeRange('G', 'G'), gradeRange(null, null)]).toEqual(['D-F', 'G', '']);
    expect(
      criteriaTotals([
        { pieces: 2, carats: 1.5, amount: 300 },
        { pieces: null, carats: 0.5, amount: 100 },
      ]),
    ).toEqual({
      pieces: 2,
      carats: 2,
      amount: 400,
      averagePricePerCarat: 200,
    });
  });
});
