/** The stone search (`apis/diamond/paginate`) answers these totals for the whole filtered set. */
export interface StoneTotals {
  stones: number;
  carats: number;
  amount: number;
  /** Mean Rap discount % of the stones that have one; null when none has. */
  averageDiscount: number | null;
  /** Amount over carats (weighted), null without carats. */
  averagePricePerCarat: number | null;
}
