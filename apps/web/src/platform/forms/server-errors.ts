import type { FormInstance } from 'antd';
import { ApiError } from '../api/api-error.ts';
import { type NamePath, serverFieldData } from './field-paths.ts';

/**
 * Puts a refused call's field errors on the form's fields; the client already toasted the message.
 * Field names the form does not have are left to the toast.
 */
export function showServerFieldErrors(
  form: FormInstance,
  error: unknown,
  rename?: (path: NamePath) => NamePath,
): void {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return;
  form.setFields(serverFieldData(error.fieldErrors, rename));
}
