import { type FieldSpec, type ResourceSpec, rangeErrors } from '@facet/contract';
import type { FormRule } from 'antd';
import { crossFieldRule } from '../forms/zod-rule.ts';
import { toPayloadValue } from './resource-form-values.ts';

/**
 * The declared ranges (ResourceSpec `ranges`) ending at field `key`: a rule saying the contract's own
 * message when the end is below the start, and the start as a dependency, so that changing the start
 * checks the end again. Nothing for a field that ends no range.
 */
export function rangeRulesOf(
  resource: ResourceSpec | undefined,
  key: string,
): { rules: FormRule[]; dependencies: string[] } {
  const ranges = (resource?.ranges ?? []).filter((range) => range.to === key);
  if (!resource || ranges.length === 0) return { rules: [], dependencies: [] };
  const payloadOf = (name: string, value: unknown) =>
    toPayloadValue(resource.fields[name] as FieldSpec, value);
  return {
    rules: ranges.map((range) =>
      crossFieldRule((read) => {
        const values = {
          [range.from]: payloadOf(range.from, read(range.from)),
          [range.to]: payloadOf(range.to, read(range.to)),
        };
        return rangeErrors({ ...resource, ranges: [range] }, values)[0]?.message;
      }),
    ),
    dependencies: ranges.map((range) => range.from),
  };
}
