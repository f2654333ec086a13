import { type FieldSpec, RESOURCE_MESSAGES, type ResourceRecord } from '@facet/contract';
import { Form, type FormRule } from 'antd';
import { type ParsingSchema, zodRule } from '../forms/zod-rule.ts';
import { FieldInput } from './field-input.tsx';
import { rangeRulesOf } from './range-rules.ts';
import { RESOURCE_CATALOGUE_BY_NAME } from './resource-catalogue.ts';
import { INVALID_JSON, missingRequired, toPayloadValue } from './resource-form-values.ts';
import { referenceTitleOf } from './resource-model.ts';

const failure = (message: string) => ({ success: false as const, error: { issues: [{ message }] } });

/**
 * A field's rule: the contract's own schema for the field (create or update), checked against the value
 * as the payload will carry it. An empty required field asks for its value ("Enter a name.", "Choose a country.").
 */
export function fieldRule(spec: FieldSpec, schema: ParsingSchema): FormRule {
  const parsing: ParsingSchema = {
    safeParse: (value) => {
      if (missingRequired(spec, value)) return failure(RESOURCE_MESSAGES.required(spec.label, spec.kind));
      const payload = toPayloadValue(spec, value);
      if (payload === undefined) return failure(INVALID_JSON);
      return schema.safeParse(payload);
    },
  };
  return zodRule(parsing, { required: spec.required === true && spec.kind !== 'boolean' });
}

interface ResourceFormItemsProps {
  /** The resource edited: its name is what uploads are made for. */
  model: string;
  fields: readonly (readonly [string, FieldSpec])[];
  /** The create or update schema's fields, by key. */
  schemas: Record<string, ParsingSchema>;
  /** The record edited (its references show their titles before their options load); null creates one. */
  record: ResourceRecord | null;
}

/** A resource form's inputs, labels and validation, as its declaration gives them. */
export function ResourceFormItems({ model, fields, schemas, record }: ResourceFormItemsProps) {
  const resource = RESOURCE_CATALOGUE_BY_NAME.get(model);
  return fields.map(([key, spec]) => {
    const range = rangeRulesOf(resource, key);
    return (
      <Form.Item
        key={key}
        name={key}
        label={spec.label}
        extra={spec.help}
        valuePropName={spec.kind === 'boolean' ? 'checked' : 'value'}
        rules={[...(schemas[key] ? [fieldRule(spec, schemas[key])] : []), ...range.rules]}
        dependencies={range.dependencies}
      >
        <FieldInput
          spec={spec}
          model={model}
          currentTitle={
            record && spec.references
              ? referenceTitleOf(
                  record,
                  key,
                  RESOURCE_CATALOGUE_BY_NAME.get(spec.references)?.titleField ?? 'name',
                )
              : undefined
          }
        />
      </Form.Item>
    );
  });
}
