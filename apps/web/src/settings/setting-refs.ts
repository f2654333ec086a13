import { endpointRefs, type SETTING_ENDPOINTS } from '@facet/contract';

/**
 * The settings screen's save, as a ref (method, path and access rule, typed by the declaration): the
 * declaration's schema would bring zod to the screen's first load. endpoint-refs.test.ts compares it.
 */
export const SETTING_REFS = endpointRefs<typeof SETTING_ENDPOINTS>()({
  upsert: [
    'POST',
    'apis/setting/upsert',
    { modules: ['General Settings', 'Notification Settings'], action: 'update' },
  ],
});
