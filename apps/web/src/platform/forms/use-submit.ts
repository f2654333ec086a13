import type { FormInstance } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from './server-errors.ts';

/**
 * Pending state for a public screen's single call. The API client has already shown any failure, so
 * a rejected call resolves to undefined; the server's field errors go under the fields of `form`.
 * (TanStack Query stays with the signed-in shell, out of the sign-in bundle.)
 */
export function useSubmit<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  form?: FormInstance,
) {
  const [pending, setPending] = useState(false);
  const run = async (...args: Args): Promise<Result | undefined> => {
    setPending(true);
    try {
      return await action(...args);
    } catch (error) {
      if (form) showServerFieldErrors(form, error);
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
