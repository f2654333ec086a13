import { defineModule } from '../modules/contract-module.ts';
import { CUSTOMER_LAYOUT_ENDPOINTS } from './customer-layout-search.ts';
import { LAYOUT_ENDPOINTS, LAYOUT_MASTER_ENDPOINTS } from './layout-endpoints.ts';
import { layoutMasterResource } from './layout-master-resource.ts';
import { layoutResource } from './layout-resource.ts';
import { LAYOUTS_PERMISSIONS } from './layouts-permissions.ts';

/** Certified layouts: sets of stones shown together, and their masters. */
export const layoutsModule = defineModule({
  name: 'layouts',
  permissions: LAYOUTS_PERMISSIONS,
  resources: [layoutMasterResource],
  endpoints: [LAYOUT_ENDPOINTS, LAYOUT_MASTER_ENDPOINTS, CUSTOMER_LAYOUT_ENDPOINTS],
  screens: [
    {
      path: 'cert',
      title: 'Certified layouts',
      module: 'CertLayout',
      menu: { group: 'Masters', id: 115, name: 'Cert' },
    },
    { path: 'cert/upsert/:id?', title: 'Certified layout', module: 'CertLayout' },
  ],
  auditEntityTypes: [layoutResource],
});
