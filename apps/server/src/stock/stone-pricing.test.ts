import { describe, expect, it } from 'vitest';
import { withStoneDerivedValues } from './stone-pricing.ts';

const stored = {
  carat: 1.01,
  rapPrice: 12_000,
  marketingBack: -30,
  marketingPricePerCarat: 8400,
  amount: 8484,
  length: 6.42,
  width: 6.39,
  ratio: 1,
  diameterMin: 6.39,
  diameterMax: 6.42,
};

describe('withStoneDerivedValues', () => {
  it('takes the one price a form changed when it sends every field back', () => {
    // A form's save: the whole stone, only the discount edited; price/ct comes back as stored.
    const discountEdited = withStoneDerivedValues({ ...stored, marketingBack: -32 }, stored);
    expect(discountEdited).toMatchObject({
      marketingBack: -32,
      marketingPricePerCarat: 8160,
      amount: 8241.6,
    });
    const priceEdited = withStoneDerivedValues({ ...stored, marketingPricePerCarat: 9000 }, stored);
    expect(priceEdited).toMatchObject({ marketingBack: -25, marketingPricePerCarat: 9000, amount: 9090 });
    // Both changed: price per carat still wins.
    const both = withStoneDerivedValues(
      { ...stored, marketingBack: -40, marketingPricePerCarat: 9000 },
      stored,
    );
    expect(both).toMatchObject({ marketingBack: -25, marketingPricePerCarat: 9000 });
  });

  it('prices a new stone from list price and discount, and derives ratio and diameters', () => {
    expect(
      withStoneDerivedValues({
        stockNumber: 'A1',
        carat: 0.5,
        rapPrice: 4000,
        marketingBack: -25,
        length: 7.2,
        width: 4.8,
      }),
    ).toEqual({
      stockNumber: 'A1',
      carat: 0.5,
      rapPrice: 4000,
      marketingBack: -25,
      marketingPricePerCarat: 3000,
      amount: 1500,
      length: 7.2,
      width: 4.8,
      ratio: 1.5,
      diameterMin: 4.8,
      diameterMax: 7.2,
    });
  });

  it('lets a written price per carat win over a written discount', () => {
    expect(
      withStoneDerivedValues({ marketingBack: -10, marketingPricePerCarat: 9000 }, stored),
    ).toMatchObject({
      marketingBack: -25,
      marketingPricePerCarat: 9000,
      amount: 9090,
    });
  });

  it('reprices from the stored list price when only the discount changes', () => {
    expect(withStoneDerivedValues({ marketingBack: -40 }, stored)).toMatchObject({
      marketingPricePerCarat: 7200,
      amount: 7272,
    });
  });

  it('keeps the discount when the list price moves, and the price per carat when the carat does', () => {
    expect(withStoneDerivedValues({ rapPrice: 15_000 }, stored)).toMatchObject({
      marketingBack: -30,
      marketingPricePerCarat: 10_500,
    });
    expect(withStoneDerivedValues({ carat: 2 }, stored)).toMatchObject({
      marketingPricePerCarat: 8400,
      amount: 16_800,
    });
  });

  it('leaves prices and proportions alone when neither is written', () => {
    expect(withStoneDerivedValues({ labComment: 'Clouds not shown' }, stored)).toEqual({
      labComment: 'Clouds not shown',
    });
  });

  it('prices a stone without a list price in $/ct alone and never takes a client amount', () => {
    expect(
      withStoneDerivedValues({ carat: 2, marketingPricePerCarat: 41_000, marketingBack: -20, amount: 1 }),
    ).toMatchObject({
      rapPrice: null,
      marketingBack: null,
      marketingPricePerCarat: 41_000,
      amount: 82_000,
    });
  });
});
