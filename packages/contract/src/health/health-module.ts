import { defineModule } from '../modules/contract-module.ts';
import { HEALTH_ENDPOINTS } from './health.ts';

/** The load balancer's health check. */
export const healthModule = defineModule({
  name: 'health',
  endpoints: [HEALTH_ENDPOINTS],
});
