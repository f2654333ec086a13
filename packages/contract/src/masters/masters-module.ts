import { defineModule } from '../modules/contract-module.ts';
import { dayTermResource } from './day-term.ts';
import { MASTER_ENDPOINTS } from './master.ts';
import { masterResource } from './master-resource.ts';
import { MASTERS_PERMISSIONS } from './masters-permissions.ts';
import { productResource } from './product.ts';
import { sizeResource } from './size.ts';

/** The trade's vocabularies: masters and their values, sizes, day terms and products. */
export const mastersModule = defineModule({
  name: 'masters',
  permissions: MASTERS_PERMISSIONS,
  resources: [masterResource, sizeResource, dayTermResource, productResource],
  endpoints: [MASTER_ENDPOINTS],
});
