import { type FieldSpec, USER_REFERENCE } from '@facet/contract';
import { Select } from 'antd';
import { Suspense } from 'react';
import type { ChoiceSelectProps } from '../modules/web-module.ts';
import { useWebModules } from '../modules/web-modules-context.tsx';
import { MasterValueSelect } from './master-value-select.tsx';
import { ReferenceSelect } from './reference-select.tsx';
import { UserSelect } from './user-select.tsx';

/**
 * The choice of a reference field by what it points at: the values of one master, a panel user, the
 * input a feature gives for its resource (a stone is found by number), or the records of a resource.
 */
export function FieldReferenceSelect({ spec, ...props }: ChoiceSelectProps & { spec: FieldSpec }) {
  const { inputs } = useWebModules();
  if (spec.masterCode) return <MasterValueSelect {...props} code={spec.masterCode} />;
  if (spec.references === USER_REFERENCE) return <UserSelect {...props} />;
  const Input = spec.references ? inputs.get(spec.references) : undefined;
  if (Input) {
    return (
      // A feature's input may still be on its way: an idle choice holds its place meanwhile.
      <Suspense fallback={<Select id={props.id} disabled loading style={props.style} />}>
        <Input {...props} />
      </Suspense>
    );
  }
  return <ReferenceSelect {...props} resourceName={spec.references ?? ''} />;
}
