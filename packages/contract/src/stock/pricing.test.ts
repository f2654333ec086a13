import { describe, expect, it } from 'vitest';
import { discountPercent, priceStone } from './pricing.ts';

describe('priceStone', () => {
  it('derives price per carat and amount from the list price and discount', () => {
    expect(priceStone({ carat: 1.01, rapPrice: 10_000, discount: -30 })).toEqual({
      rapPrice: 10_000,
      discount: -30,
      pricePerCarat: 7000,
      amount: 7070,
    });
  });

  it('lets price per carat win over a discount and derives the discount from it', () => {
    expect(priceStone({ carat: 0.5, rapPrice: 4000, discount: -10, pricePerCarat: 3000 })).toEqual({
      rapPrice: 4000,
      discount: -25,
      pricePerCarat: 3000,
      amount: 1500,
    });
  });

  it('prices a stone without a list price in $/ct alone', () => {
    expect(priceStone({ carat: 2, pricePerCarat: 12_500.5, discount: -5 })).toEqual({
      rapPrice: null,
      discount: null,
      pricePerCarat: 12_500.5,
      amount: 25_001,
    });
  });

  it('leaves the price empty when nothing prices the stone', () => {
    expect(priceStone({ carat: 1, rapPrice: 5000 })).toEqual({
      rapPrice: 5000,
      discount: null,
      pricePerCarat: null,
      amount: null,
    });
  });
});

describe('discountPercent', () => {
  it('reads a fractional discount as a percentage', () => {
    expect(discountPercent(-0.3, true)).toBe(-30);
    expect(discountPercent(-30, false)).toBe(-30);
  });
});
