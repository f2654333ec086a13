import { QueryClient } from '@tanstack/react-query';

/** One client for the app, shared with route loaders. Failed calls were already shown to the user. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
