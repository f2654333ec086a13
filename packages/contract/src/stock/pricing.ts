/**
 * The trade's pricing rules (domain reference, "Pricing rules"): price/ct = rap × (1 + discount/100);
 * amount = price/ct × carat; discount = (price/ct / rap − 1) × 100. When both price/ct and discount are
 * given, price/ct wins. Stones without a list price (fancy colours, N–Z from 0.30 ct) are priced in
 * $/ct alone and have no discount.
 */
export interface PriceInput {
  carat: number | null | undefined;
  /** Rapaport list price, $/ct. */
  rapPrice?: number | null | undefined;
  /** Discount off the list price in %, negative below list. */
  discount?: number | null | undefined;
  pricePerCarat?: number | null | undefined;
}

export interface StonePrice {
  rapPrice: number | null;
  discount: number | null;
  pricePerCarat: number | null;
  amount: number | null;
}

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export function priceStone(input: PriceInput): StonePrice {
  const rap = known(input.rapPrice) && input.rapPrice > 0 ? input.rapPrice : null;
  let pricePerCarat: number | null = known(input.pricePerCarat) ? input.pricePerCarat : null;
  let discount: number | null = null;
  if (pricePerCarat !== null) {
    discount = rap === null ? null : round((pricePerCarat / rap - 1) * 100, 2);
  } else if (rap !== null && known(input.discount)) {
    discount = input.discount;
    pricePerCarat = round(rap * (1 + discount / 100), 2);
  }
  const amount = pricePerCarat !== null && known(input.carat) ? round(pricePerCarat * input.carat, 2) : null;
  return {
    rapPrice: rap,
    discount,
    pricePerCarat: pricePerCarat === null ? null : round(pricePerCarat, 2),
    amount,
  };
}

/**
 * A discount in %, from a feed that may write it as a fraction (−0.30 for 30 % below list). Whether a
 * file's discount column is fractional is decided for the whole column by the upload, not per value.
 */
export function discountPercent(value: number, fractional: boolean): number {
  return fractional ? round(value * 100, 2) : value;
}
