import { discountPercent } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import {
  DiscountScale,
  INVALID,
  parseAvailability,
  parseDate,
  parseNumber,
  splitMeasurements,
} from './upload-values.ts';

describe('splitMeasurements', () => {
  it('reads length, width and depth whatever the separators', () => {
    const expected = { length: 4.42, width: 4.44, depth: 2.58 };
    for (const text of [
      '4.42x4.44x2.58',
      '4.42-4.44*2.58',
      '4.42 X 4.44 X 2.58',
      '4.42 × 4.44 × 2.58',
      '4.42*4.44*2.58 mm',
    ]) {
      expect(splitMeasurements(text), text).toEqual(expected);
    }
  });

  it('is empty for an empty cell and invalid for anything but three positive numbers', () => {
    expect(splitMeasurements('')).toBeNull();
    expect(splitMeasurements('-')).toBeNull();
    for (const text of ['4.42x4.44', '4.42xabcx2.58', '4.42x4.44x2.58x1', '0x4.44x2.58']) {
      expect(splitMeasurements(text), text).toBe(INVALID);
    }
  });
});

describe('discount normalisation', () => {
  const scaleOf = (...cells: (string | number | null)[]) => {
    const scale = new DiscountScale();
    for (const cell of cells) scale.observe(cell);
    return scale;
  };

  it('calls a column fractional when every value is within -1..1', () => {
    const scale = scaleOf('-0.30', -0.255, '0.05', '', null, '0');
    expect(scale.fractional).toBe(true);
    expect(discountPercent(-0.3, scale.fractional)).toBe(-30);
    expect(discountPercent(-0.255, scale.fractional)).toBe(-25.5);
  });

  it('calls it percent as soon as one value is outside -1..1 or written with %', () => {
    const percent = scaleOf('-0.5', '-30', '-0.2');
    expect(percent.settled).toBe(true);
    expect(percent.fractional).toBe(false);
    expect(discountPercent(-0.5, percent.fractional)).toBe(-0.5);
    expect(scaleOf('-0.5%').fractional).toBe(false);
    expect(scaleOf('', null).fractional).toBe(false);
  });
});

describe('cell readers', () => {
  it('reads numbers with thousands separators, decimal commas, currency and percent signs', () => {
    expect(parseNumber('1.01')).toBe(1.01);
    expect(parseNumber('1,01')).toBe(1.01);
    expect(parseNumber('12,500')).toBe(12_500);
    expect(parseNumber('$12,500.50')).toBe(12_500.5);
    expect(parseNumber('\u22120.30')).toBe(-0.3);
    expect(parseNumber('-30%')).toBe(-30);
    expect(parseNumber(7)).toBe(7);
    expect(parseNumber('N/A')).toBeNull();
    expect(parseNumber('abc')).toBe(INVALID);
  });

  it('reads dates in the usual spellings, month first when slashed', () => {
    expect(parseDate('2024-01-31')).toBe('2024-01-31');
    expect(parseDate('2024/1/5 10:00')).toBe('2024-01-05');
    expect(parseDate('01/31/2024')).toBe('2024-01-31');
    expect(parseDate('31/01/2024')).toBe('2024-01-31');
    expect(parseDate('31.01.2024')).toBe('2024-01-31');
    expect(parseDate('31-Jan-2024')).toBe('2024-01-31');
    expect(parseDate('Jan 31, 2024')).toBe('2024-01-31');
    expect(parseDate(new Date(Date.UTC(2024, 0, 31)))).toBe('2024-01-31');
    expect(parseDate('2024-02-30')).toBe(INVALID);
  });

  it('reads RapNet availability codes and stock statuses', () => {
    expect(parseAvailability('G')).toEqual({ status: 'A', isActive: true });
    expect(parseAvailability('STPS')).toEqual({ status: 'A', isActive: true });
    expect(parseAvailability('On Memo')).toEqual({ status: 'M', isActive: true });
    expect(parseAvailability('NA')).toEqual({ status: null, isActive: false });
    expect(parseAvailability('hold')).toEqual({ status: 'H', isActive: true });
    expect(parseAvailability('XX')).toBe(INVALID);
  });
});
