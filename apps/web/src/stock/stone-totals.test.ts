import { describe, expect, it } from 'vitest';
import { totalsOf, totalsText } from './stone-totals.ts';

describe('selection totals', () => {
  it('adds stones, carats and amounts, and averages discount and price per carat', () => {
    const totals = totalsOf([
      { carat: 1.01, amount: 7070, marketingBack: -30 },
      { carat: 0.5, amount: 1500, marketingBack: -25 },
      { carat: 2, amount: 25_001, marketingBack: null },
    ]);
    expect(totals).toEqual({
      stones: 3,
      carats: 3.51,
      amount: 33_571,
      averageDiscount: -27.5,
      averagePricePerCarat: 9564.39,
    });
  });

  it('leaves unpriced stones out of the averages but counts their carats', () => {
    const totals = totalsOf([
      { carat: 1, amount: 5000, marketingBack: -10 },
      { carat: '3', amount: null },
    ]);
    expect(totals.carats).toBe(4);
    expect(totals.amount).toBe(5000);
    expect(totals.averagePricePerCarat).toBe(5000);
    expect(totals.averageDiscount).toBe(-10);
  });

  it('answers no averages for an empty selection', () => {
    expect(totalsOf([])).toEqual({
      stones: 0,
      carats: 0,
      amount: 0,
      averageDiscount: null,
      averagePricePerCarat: null,
    });
  });

  it('reads as the bar shows it', () => {
    expect(
      totalsText({
        stones: 1204,
        carats: 312.45,
        amount: 1_234_567,
        averageDiscount: -23.5,
        averagePricePerCarat: 3951.223,
      }),
    ).toEqual({
      stones: '1,204',
      carats: '312.45 ct',
      amount: 'USD 1,234,567.00',
      averageDiscount: '-23.50%',
      averagePricePerCarat: 'USD 3,951.22/ct',
    });
    expect(totalsText(totalsOf([])).averageDiscount).toBe('—');
  });

  it('reads an estimate as one, rounded to three figures', () => {
    expect(
      totalsText(
        {
          stones: 571_106,
          carats: 412_345.678,
          amount: 2_153_456_789,
          averageDiscount: -36.478,
          averagePricePerCarat: 5222.5,
        },
        true,
      ),
    ).toEqual({
      stones: 'about 571,000',
      carats: 'about 412,000 ct',
      amount: 'about USD 2,150,000,000',
      averageDiscount: 'about -36.48%',
      averagePricePerCarat: 'about USD 5,222.50/ct',
    });
    expect(totalsText({ ...totalsOf([]), stones: 2001 }, true).averageDiscount).toBe('—');
  });
});
