import type { FormRule } from 'antd';

/** The part of a zod schema the rule needs; structural, so the panel takes no direct zod dependency. */
export interface ParsingSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

function check(schema: ParsingSchema, value: unknown): void {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(result.error.issues[0]?.message);
}

/**
 * One contract schema field as an antd rule, so the form shows the contract's own messages.
 * `required` only draws the asterisk: the validator decides, and reports the first issue.
 */
export function zodRule(schema: ParsingSchema, options: { required?: boolean } = {}): FormRule {
  return {
    required: options.required ?? true,
    validator: async (_rule, value: unknown) => check(schema, value),
  };
}

/**
 * zodRule for a schema fetched on first validation. The public screens use it so zod (about 25 KB gzip)
 * loads while the user types rather than before the first paint (docs/performance.md).
 */
export function lazyZodRule(
  load: () => Promise<ParsingSchema>,
  options: { required?: boolean } = {},
): FormRule {
  let schema: Promise<ParsingSchema> | undefined;
  return {
    required: options.required ?? true,
    validator: async (_rule, value: unknown) => {
      schema ??= load();
      check(await schema, value);
    },
  };
}

/** "Must match" between two fields; antd re-runs it when `otherField` changes if the item lists it in `dependencies`. */
export function matchFieldRule(otherField: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && getFieldValue(otherField) !== value) throw new Error(message);
    },
  });
}

/**
 * A rule over several fields (a range's end against its start): `check` reads the form's values and
 * answers the message, or nothing. List the other fields in the item's `dependencies` so antd runs it
 * again when they change.
 */
export function crossFieldRule(check: (read: (name: string) => unknown) => string | undefined): FormRule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const message = check((name) => getFieldValue(name));
      if (message) throw new Error(message);
    },
  });
}

/** A checkbox the user must tick. */
export function mustBeCheckedRule(message: string): FormRule {
  return {
    required: true,
    validator: async (_rule, value: unknown) => {
      if (value !== true) throw new Error(message);
    },
  };
}
