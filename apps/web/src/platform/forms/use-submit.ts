import { useState } from 'react';

/**
 * Pending state for a public screen's single call. The API client has already shown any failure, so
 * a rejected call resolves to undefined. (TanStack Query stays with the signed-in shell, out of the
 * sign-in bundle.)
 */
export function useSubmit<Args extends unknown[], Result>(action: (...args: Args) => Promise<Result>) {
  const [pending, setPending] = useState(false);
  const run = async (...args: Args): Promise<Result | undefined> => {
    setPending(true);
    try {
      return await action(...args);
    } catch {
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { pending, run };
}
