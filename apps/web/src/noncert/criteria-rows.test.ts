import { describe, expect, it } from 'vitest';
import {
  cellErrorsOf,
  draftTotals,
  emptyDraft,
  firstError,
  payloadOf,
  validateDrafts,
  withSize,
  withValue,
} from './criteria-rows.ts';

const ROUND = '11111111-1111-4111-8111-111111111111';

function priced() {
  let draft = emptyDraft();
  draft = withValue(draft, 'shapeId', ROUND);
  draft = withValue(draft, 'caratFrom', 0.3);
  draft = withValue(draft, 'caratTo', 0.39);
  draft = withValue(draft, 'pieces', 10);
  draft = withValue(draft, 'carats', 3.456);
  return withValue(draft, 'pricePerCarat', 1250);
}

describe('criteria rows', () => {
  it('keeps the amount by the rule as price per carat and carats change', () => {
    const row = priced();
    expect(row.amount).toBe(4320);
    expect(withValue(row, 'carats', 4).amount).toBe(5000);
    expect(withValue(row, 'pricePerCarat', null).amount).toBeNull();
  });

  it('gives a typed amount the price per carat it makes, and sends that price', () => {
    const row = withValue({ ...priced(), pricePerCarat: null, amount: null }, 'amount', 2000);
    expect(row.pricePerCarat).toBe(578.7);
    expect(payloadOf(row)).toMatchObject({ pricePerCarat: 578.7, amount: null });
    const unpriced = withValue({ ...priced(), carats: null, pricePerCarat: null }, 'amount', 2000);
    expect(payloadOf(unpriced)).toMatchObject({ pricePerCarat: null, amount: 2000 });
  });

  it('takes a size bracket as the carat range, and a new row the shape above it', () => {
    const sized = withSize(priced(), { id: 'size-1', name: '0.50-0.69', fromCarat: 0.5, toCarat: 0.69 });
    expect(sized).toMatchObject({
      sizeId: 'size-1',
      caratFrom: 0.5,
      caratTo: 0.69,
      titles: { sizeId: '0.50-0.69' },
    });
    expect(emptyDraft(sized)).toMatchObject({ shapeId: ROUND, sizeId: null, carats: null });
  });

  it("checks every row with the contract's schema, naming the cell", () => {
    const bad = { ...priced(), caratFrom: 0.39, caratTo: 0.3 };
    const errors = validateDrafts([priced(), bad, emptyDraft()]);
    expect(errors[0]).toBeUndefined();
    expect(errors[1]).toEqual({ caratTo: 'Carat to must not be below carat from.' });
    expect(errors[2]).toMatchObject({ shapeId: 'Choose a shape.', carats: 'Enter carats.' });
    expect(firstError(errors)).toBe('Row 2: Carat to must not be below carat from.');
  });

  it("puts the server's refusal on the cells it names", () => {
    const errors = cellErrorsOf([
      { field: 'criteria.2.colorToId', message: 'Row 3: The color range must run from the better grade.' },
      { field: 'nonCertId', message: 'Lot not found.' },
    ]);
    expect(errors).toEqual({ 2: { colorToId: 'The color range must run from the better grade.' } });
  });

  it('totals the rows as typed', () => {
    const second = withValue(withValue(priced(), 'carats', 2.5), 'pieces', null);
    expect(draftTotals([priced(), second, emptyDraft()])).toEqual({
      pieces: 10,
      carats: 5.956,
      amount: 7445,
      averagePricePerCarat: 1250,
    });
  });
});
