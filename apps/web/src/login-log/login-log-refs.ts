import { endpointRefs, type LOGIN_LOG_ENDPOINTS } from '@facet/contract';

/**
 * The sign-in events' call as a ref: the declaration's schemas would bring zod to the screen's first load
 * (docs/performance.md). endpoint-refs.test.ts compares it with the declaration.
 */
export const LOGIN_LOG_REFS = endpointRefs<typeof LOGIN_LOG_ENDPOINTS>()({
  paginate: ['POST', 'user/login/log/paginate', { module: 'Login', action: 'view' }],
});
