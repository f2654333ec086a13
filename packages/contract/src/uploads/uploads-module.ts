import { defineModule } from '../modules/contract-module.ts';
import { UPLOAD_ENDPOINTS } from './upload-endpoints.ts';

/** Files attached to records. */
export const uploadsModule = defineModule({
  name: 'uploads',
  endpoints: [UPLOAD_ENDPOINTS],
  auditEntityTypes: ['upload'],
});
