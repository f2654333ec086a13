import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A query that failed is forgotten once no screen shows it: the next screen that asks for the same data
 * starts from a clean slate instead of showing the old error while it asks again.
 */
export function useForgetFailedQueries(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    return cache.subscribe((event) => {
      if (event.type !== 'observerRemoved' || event.query.state.status !== 'error') return;
      const { query } = event;
      // After the render that removed the observer: a remount (or the next screen) may take it up again.
      queueMicrotask(() => {
        if (query.getObserversCount() === 0 && query.state.status === 'error') cache.remove(query);
      });
    });
  }, [queryClient]);
}
