import { type FieldSpec, stoneResource, USER_REFERENCE } from '@facet/contract';
import { StoneSelect } from '../stock/stone-select.tsx';
import type { ChoiceSelectProps } from './choice-select.ts';
import { MasterValueSelect } from './master-value-select.tsx';
import { ReferenceSelect } from './reference-select.tsx';
import { UserSelect } from './user-select.tsx';

/**
 * The choice of a reference field by what it points at: the values of one master, a panel user, a
 * stone, or the records of a resource.
 */
export function FieldReferenceSelect({ spec, ...props }: ChoiceSelectProps & { spec: FieldSpec }) {
  if (spec.masterCode) return <MasterValueSelect {...props} code={spec.masterCode} />;
  if (spec.references === USER_REFERENCE) return <UserSelect {...props} />;
  // Stones are too many to list: they are found by stock or report number.
  if (spec.references === stoneResource.name) return <StoneSelect {...props} />;
  return <ReferenceSelect {...props} resourceName={spec.references ?? ''} />;
}
