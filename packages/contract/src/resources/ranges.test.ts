import { describe, expect, it } from 'vitest';
import { rangeErrors } from './field-rules.ts';
import { field } from './fields.ts';
import { defineResource, FULL_OPERATIONS } from './resource.ts';
import { createSchemaOf, updateSchemaOf } from './schemas.ts';

/** A size bracket and a banner's showing times, as the contract declares them. */
const sizeResource = defineResource({
  name: 'trialSize',
  title: 'Size',
  module: 'Size Masters',
  api: 'apis/trial-size',
  table: 'trial_sizes',
  views: [],
  titleField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  operations: FULL_OPERATIONS,
  ranges: [{ from: 'fromCarat', to: 'toCarat' }],
  fields: {
    name: field.text('Name', { required: true }),
    fromCarat: field.decimal('From carat', { required: true, min: 0, max: 1000, scale: 3 }),
    toCarat: field.decimal('To carat', { required: true, min: 0, max: 1000, scale: 3 }),
  },
});
const bannerResource = defineResource({
  ...sizeResource,
  name: 'trialBanner',
  ranges: [{ from: 'fromDate', to: 'toDate' }],
  fields: {
    name: field.text('Name', { required: true }),
    fromDate: field.datetime('Shown from'),
    toDate: field.datetime('Shown until'),
  },
});

const TO_CARAT = { field: 'toCarat', message: 'Enter a to carat that is not below the from carat.' };

describe('declared ranges', () => {
  it("refuses a size whose 'to' is below its 'from', on the 'to' field, in the create and update schemas", () => {
    const create = createSchemaOf(sizeResource).safeParse({ name: '1ct', fromCarat: 1.5, toCarat: 1 });
    expect(create.success).toBe(false);
    expect(
      create.error?.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    ).toEqual([TO_CARAT]);
    expect(
      updateSchemaOf(sizeResource).safeParse({ fromCarat: 2, toCarat: 1 }).error?.issues[0]?.path,
    ).toEqual(['toCarat']);
  });

  it('takes equal ends, an update of one end alone (the server checks it with the stored end), and empty ends', () => {
    expect(createSchemaOf(sizeResource).safeParse({ name: '1ct', fromCarat: 1, toCarat: 1 }).success).toBe(
      true,
    );
    expect(updateSchemaOf(sizeResource).safeParse({ toCarat: 0.5 }).success).toBe(true);
    expect(rangeErrors(bannerResource, { fromDate: '2026-12-01T10:00:00Z', toDate: null })).toEqual([]);
  });

  it('keeps the schemas objects whose fields the form reads one by one', () => {
    expect(Object.keys(createSchemaOf(sizeResource).shape)).toContain('toCarat');
    expect(updateSchemaOf(sizeResource).shape.toCarat?.safeParse(0.5).success).toBe(true);
  });

  it('compares times as times, not as text', () => {
    expect(
      rangeErrors(bannerResource, { fromDate: '2026-12-01T10:00:00+02:00', toDate: '2026-12-01T09:30:00Z' }),
    ).toEqual([]);
    expect(
      rangeErrors(bannerResource, { fromDate: '2026-12-01T10:00:00Z', toDate: '2026-12-01T11:30:00+02:00' }),
    ).toEqual([
      { field: 'toDate', message: 'Choose a shown until date that is not before the shown from date.' },
    ]);
  });

  it('refuses a declaration whose range names a missing field or two kinds', () => {
    const declare = (ranges: { from: string; to: string }[]) =>
      defineResource({
        name: 'trial',
        title: 'Trial',
        module: 'Banner',
        api: 'apis/trial',
        table: 'trials',
        views: [],
        titleField: 'name',
        defaultSort: { field: 'name', direction: 'asc' },
        operations: FULL_OPERATIONS,
        ranges,
        fields: { name: field.text('Name'), low: field.integer('Low'), day: field.date('Day') },
      });
    expect(() => declare([{ from: 'low', to: 'high' }])).toThrow(/range low-high/);
    expect(() => declare([{ from: 'low', to: 'day' }])).toThrow(/range low-day/);
    expect(() => declare([{ from: 'name', to: 'name' }])).toThrow(/range name-name/);
  });
});
