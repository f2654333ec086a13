import { priceStone } from '@facet/contract';

/** Fields a stone write may change that the price depends on. */
const PRICE_INPUTS = ['carat', 'rapPrice', 'marketingBack', 'marketingPricePerCarat', 'amount'] as const;
const MEASUREMENTS = ['length', 'width'] as const;

const numberOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

const given = (values: Record<string, unknown>, key: string) => values[key] !== undefined;

/**
 * A stone's values with what the server derives from them: price per carat, Rap discount and amount by
 * the trade's pricing rules (`priceStone`: price/ct wins over the discount), ratio and diameters from
 * the length and width when both are known (the depth is a height, not a diameter).
 *
 * `values` are the fields being written (a create's full record, an update's changes); `current` is the
 * stored stone on an update, so a change of one input reprices with the others kept: a new carat keeps
 * the price per carat, a new discount reprices from the stored Rap price, a new Rap price keeps the
 * discount (price moves with the list, as the trade reprices), and a new price per carat recomputes the
 * discount. A value written unchanged (a form sends them all) counts as not written for that choice.
 * Derived fields are returned only when one of their inputs is written, so an update of
 * unrelated fields leaves prices alone. The amount is never taken from the input.
 */
export function withStoneDerivedValues(
  values: Record<string, unknown>,
  current: Record<string, unknown> = {},
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...values };
  const pick = (key: string) => numberOr(given(values, key) ? values[key] : current[key]);
  // A form sends every field back: a value written as it is stored did not change and does not drive.
  const changed = (key: string) =>
    given(values, key) && values[key] !== null && numberOr(values[key]) !== numberOr(current[key]);

  if (PRICE_INPUTS.some((key) => given(values, key)) || !('amount' in current)) {
    const priceGiven = changed('marketingPricePerCarat');
    const discountGiven = changed('marketingBack');
    // Which of price/ct and discount drives: the one changed now (price/ct if both), else on a Rap
    // change the stored discount, else the stored price/ct.
    const rapChanged = changed('rapPrice') && !priceGiven && !discountGiven;
    const byDiscount = !priceGiven && (discountGiven || (rapChanged && pick('marketingBack') !== null));
    const price = priceStone({
      carat: pick('carat'),
      rapPrice: pick('rapPrice'),
      discount: byDiscount ? pick('marketingBack') : null,
      pricePerCarat: byDiscount ? null : pick('marketingPricePerCarat'),
    });
    result.rapPrice = price.rapPrice;
    result.marketingBack = price.discount;
    result.marketingPricePerCarat = price.pricePerCarat;
    result.amount = price.amount;
  }

  if (MEASUREMENTS.some((key) => given(values, key)) || !('ratio' in current)) {
    const length = pick('length');
    const width = pick('width');
    if (length !== null && width !== null && length > 0 && width > 0) {
      result.diameterMin = Math.min(length, width);
      result.diameterMax = Math.max(length, width);
      result.ratio = round(length / width, 2);
    }
  }
  return result;
}
