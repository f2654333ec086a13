import { type FormEvent, useState } from 'react';

/** A zod object schema as far as the form needs it (structural: no direct zod dependency). */
export interface ObjectSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per top-level field, as antd Form would show it. */
export function fieldErrors(schema: ObjectSchema, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A native form validated by a whole contract schema: errors after the first submit, then live.
 * The sign-in screen uses it instead of antd Form, whose field engine, tooltip and grid would take it
 * over its bundle budget (docs/performance.md). The schema loads on first submit.
 */
export function useSchemaForm<Values>(options: {
  schema: () => Promise<ObjectSchema>;
  read: (form: HTMLFormElement) => Values;
  onValid: (values: Values) => Promise<unknown>;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const check = async (form: HTMLFormElement) => {
    const next = fieldErrors(await options.schema(), options.read(form));
    setErrors(next);
    return next;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const next = await check(form);
    if (Object.keys(next).length === 0) await options.onValid(options.read(form));
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted) void check(event.currentTarget);
  };

  return { errors, onSubmit, onChange };
}
