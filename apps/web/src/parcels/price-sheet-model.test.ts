import { describe, expect, it } from 'vitest';
import {
  applyPrices,
  buildGrid,
  countDirty,
  errorsByCell,
  formatMoneyChange,
  invalidCells,
  parsePrice,
  readPrice,
  sheetPrices,
  sparklinePoints,
  trendOf,
} from './price-sheet-model.ts';

const groups = [
  { id: 'g1', name: '-2' },
  { id: 'g2', name: '+2 -6.5' },
];
const bands = [
  { id: 'b1', name: 'D-F VVS' },
  { id: 'b2', name: 'G-H VS' },
];

describe('price sheet grid', () => {
  it('lays the cells out by sieve group and band, with the sheet before', () => {
    const grid = buildGrid(groups, bands, [
      { sieveGroupId: 'g2', qualityBandId: 'b1', pricePerCarat: 900, previousPricePerCarat: 850 },
      { sieveGroupId: 'g1', qualityBandId: 'b2', pricePerCarat: null, previousPricePerCarat: 400 },
      { sieveGroupId: 'gone', qualityBandId: 'b2', pricePerCarat: 1, previousPricePerCarat: 1 },
    ]);
    expect(grid.saved).toEqual([
      { b1: null, b2: null },
      { b1: 900, b2: null },
    ]);
    expect(grid.previous).toEqual([
      { b1: null, b2: 400 },
      { b1: 850, b2: null },
    ]);
  });

  it('reads prices as people type and paste them', () => {
    expect(parsePrice('1,250.50')).toBe(1250.5);
    expect(parsePrice('USD 980.00')).toBe(980);
    expect(parsePrice('$ 1 200')).toBe(1200);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice('-5')).toBe(-5);
    expect(parsePrice('12abc')).toBeNull();
  });

  it('writes a change of price signed either way in one format', () => {
    expect(formatMoneyChange(6.51)).toBe('USD +6.51');
    expect(formatMoneyChange(-8.22)).toBe('USD -8.22');
    expect(formatMoneyChange(0)).toBe('USD 0.00');
  });

  it('keeps text that is no price as typed, so it is refused rather than emptied', () => {
    expect(readPrice('abc')).toBe('abc');
    expect(readPrice(' 12x ')).toBe('12x');
    expect(readPrice('1,250.50')).toBe(1250.5);
    expect(readPrice('  ')).toBeNull();
    const rows = [
      { b1: 'abc', b2: 10 },
      { b1: null, b2: '1.2.3' },
    ];
    expect(invalidCells(rows, bands)).toEqual([
      { row: 0, bandId: 'b1', text: 'abc' },
      { row: 1, bandId: 'b2', text: '1.2.3' },
    ]);
    expect(sheetPrices(groups, bands, rows).prices).toEqual([
      { sieveGroupId: 'g1', qualityBandId: 'b2', pricePerCarat: 10 },
    ]);
  });

  it('tells up from down and says nothing without both prices', () => {
    expect(trendOf(10, 9)).toBe('up');
    expect(trendOf(8, 9)).toBe('down');
    expect(trendOf(9, 9)).toBeNull();
    expect(trendOf(9, null)).toBeNull();
    expect(trendOf(null, 9)).toBeNull();
  });

  it('sends the priced cells only and finds the cell of each field error', () => {
    const rows = [
      { b1: 100, b2: null },
      { b1: -1, b2: 300 },
    ];
    const { prices, cells } = sheetPrices(groups, bands, rows);
    expect(prices).toEqual([
      { sieveGroupId: 'g1', qualityBandId: 'b1', pricePerCarat: 100 },
      { sieveGroupId: 'g2', qualityBandId: 'b1', pricePerCarat: -1 },
      { sieveGroupId: 'g2', qualityBandId: 'b2', pricePerCarat: 300 },
    ]);
    const errors = errorsByCell(
      [
        { field: 'prices.1.pricePerCarat', message: 'Enter a price of 0 or more.' },
        { field: 'date', message: 'Choose a valid date.' },
      ],
      cells,
    );
    expect([...errors.cells]).toEqual([['1:b1', 'Enter a price of 0 or more.']]);
    expect(errors.other).toEqual(['Choose a valid date.']);
  });

  it('counts the unsaved cells and puts a file’s prices in', () => {
    const saved = [
      { b1: 100, b2: null },
      { b1: 200, b2: 300 },
    ];
    const applied = applyPrices(groups, bands, saved, [
      { sieveGroupId: 'g1', qualityBandId: 'b2', pricePerCarat: 150 },
      { sieveGroupId: 'g2', qualityBandId: 'b1', pricePerCarat: 200 },
      { sieveGroupId: 'elsewhere', qualityBandId: 'b1', pricePerCarat: 5 },
    ]);
    expect(applied.changed).toBe(1);
    expect(applied.unknown).toBe(1);
    expect(applied.rows[0]).toEqual({ b1: 100, b2: 150 });
    expect(saved[0]).toEqual({ b1: 100, b2: null });
    expect(countDirty(applied.rows, saved, bands)).toBe(1);
  });

  it('draws a trend line across its box', () => {
    expect(sparklinePoints([1, 3, 2], 100, 20)).toBe('0,20 50,0 100,10');
    expect(sparklinePoints([5], 100, 20)).toBe('50,10');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });
});
