import { bannerResource, sizeResource } from '@facet/contract';
import type { FormInstance, FormRule } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeRulesOf } from './range-rules.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

/** What the form shows under the field for these values: the rule's message, or null. */
async function messageFor(
  rule: FormRule | undefined,
  values: Record<string, unknown>,
): Promise<string | null> {
  if (!rule) throw new Error('no rule');
  const resolved =
    typeof rule === 'function'
      ? rule({ getFieldValue: (name: string) => values[name] } as unknown as FormInstance)
      : rule;
  try {
    await (resolved.validator as Validator)({}, undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("a declared range in the form: the 'to' field says when it is below the 'from'", () => {
  it('puts the rule on the end, depending on the start, and nothing on the start', () => {
    expect(rangeRulesOf(sizeResource, 'toCarat').dependencies).toEqual(['fromCarat']);
    expect(rangeRulesOf(sizeResource, 'fromCarat')).toEqual({ rules: [], dependencies: [] });
    expect(rangeRulesOf(undefined, 'toCarat')).toEqual({ rules: [], dependencies: [] });
  });

  it("says the contract's message for carats, and nothing when the range is in order or open", async () => {
    const [rule] = rangeRulesOf(sizeResource, 'toCarat').rules;
    expect(await messageFor(rule, { fromCarat: 1.5, toCarat: 1 })).toBe(
      'Enter a to carat that is not below the from carat.',
    );
    expect(await messageFor(rule, { fromCarat: 1, toCarat: 1 })).toBeNull();
    expect(await messageFor(rule, { fromCarat: 1.5, toCarat: null })).toBeNull();
  });

  it('compares the date pickers’ values as the payload carries them', async () => {
    const [rule] = rangeRulesOf(bannerResource, 'toDate').rules;
    const values = { fromDate: dayjs('2026-12-02T10:00:00Z'), toDate: dayjs('2026-12-01T10:00:00Z') };
    expect(await messageFor(rule, values)).toBe(
      'Choose a shown until date that is not before the shown from date.',
    );
    expect(await messageFor(rule, { ...values, toDate: dayjs('2026-12-03T10:00:00Z') })).toBeNull();
  });
});
