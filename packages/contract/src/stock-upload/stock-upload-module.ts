import { defineModule } from '../modules/contract-module.ts';
import { STOCK_UPLOAD_ENDPOINTS } from './stock-upload-endpoints.ts';
import { STOCK_UPLOAD_PERMISSIONS } from './stock-upload-permissions.ts';

/** Stock sheets uploaded, checked and applied. */
export const stockUploadModule = defineModule({
  name: 'stock-upload',
  permissions: STOCK_UPLOAD_PERMISSIONS,
  endpoints: [STOCK_UPLOAD_ENDPOINTS],
  screens: [
    {
      path: 'Upload-Stock',
      title: 'Upload stock',
      module: 'UploadStock',
      menu: { group: 'Masters', id: 116, name: 'Upload Stock' },
    },
  ],
  auditEntityTypes: ['stockUpload'],
});
