import { defineModule } from '../modules/contract-module.ts';
import { LIVE_ENDPOINTS } from './live-endpoints.ts';

/** Live screens: open panels refresh their lists and bell when the server says something changed. */
export const liveModule = defineModule({
  name: 'live',
  endpoints: [LIVE_ENDPOINTS],
});
