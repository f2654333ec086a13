import { referenceDetailKey } from './field-rules.ts';
import type { FieldSpec } from './fields.ts';
import type { ResourceSpec } from './resource.ts';

/** One detail column of a resource: a field of the record one of its references points at. */
export interface ReferenceDetailColumn {
  /** The key the record answers it under (`stoneShape`). */
  key: string;
  /** The referenced field's own label (`Shape`). */
  label: string;
  /** The reference field (`stoneId`). */
  field: string;
  /** The referenced resource and its field (`diamond`, `shapeId`). */
  target: ResourceSpec;
  detail: string;
  spec: FieldSpec;
}

/**
 * The detail columns of a resource, in declaration order. `resourceNamed` is the catalogue
 * (RESOURCE_BY_NAME), passed in because the catalogue is built from the declarations this reads; a
 * detail naming no field of its target is a declaration error, thrown at once.
 */
export function referenceDetailColumns(
  resource: ResourceSpec,
  resourceNamed: ReadonlyMap<string, ResourceSpec>,
): ReferenceDetailColumn[] {
  return Object.entries(resource.fields).flatMap(([field, spec]) => {
    if (spec.kind !== 'reference' || !spec.details?.length) return [];
    const target = resourceNamed.get(spec.references ?? '');
    if (!target) throw new Error(`${resource.name}.${field}: details of an undeclared resource`);
    return spec.details.map((detail): ReferenceDetailColumn => {
      const detailSpec = target.fields[detail];
      if (!detailSpec) throw new Error(`${resource.name}.${field}: ${target.name} has no field ${detail}`);
      return {
        key: referenceDetailKey(field, detail),
        label: detailSpec.label,
        field,
        target,
        detail,
        spec: detailSpec,
      };
    });
  });
}
