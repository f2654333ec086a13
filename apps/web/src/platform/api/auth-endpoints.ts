/**
 * The sign-in journey's declarations, loaded with its first call rather than with the screens: their
 * schemas need zod, which the sign-in screen's first download has no room for (docs/performance.md).
 */
export { AUTH_ENDPOINTS } from '@facet/contract';
