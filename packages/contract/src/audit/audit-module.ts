import { defineModule } from '../modules/contract-module.ts';
import { AUDIT_ENDPOINTS } from './audit-endpoints.ts';

/** The record of every write. */
export const auditModule = defineModule({
  name: 'audit',
  endpoints: [AUDIT_ENDPOINTS],
});
