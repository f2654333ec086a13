import { priceStone } from '@facet/contract';
import type { ResourceHooks } from '../resources/domain-hooks.ts';

const numberOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * A non-certified stone's amount by the trade's rule, amount = price/ct × carat, whenever a create or
 * a change of carat or price per carat could move it; the amount is never taken from the client.
 * `current` is the stored stone on an update, so a new carat keeps the stored price per carat.
 */
export function withDiamondAmount(
  values: Record<string, unknown>,
  current: Record<string, unknown> = {},
): Record<string, unknown> {
  const changesPrice = 'carat' in values || 'pricePerCarat' in values || !('amount' in current);
  if (!changesPrice) return values;
  const pick = (key: string) => numberOr(key in values ? values[key] : current[key]);
  const price = priceStone({ carat: pick('carat'), pricePerCarat: pick('pricePerCarat') });
  return { ...values, amount: price.amount };
}

export const nonCertDiamondHooks: ResourceHooks = { beforeWrite: withDiamondAmount };
