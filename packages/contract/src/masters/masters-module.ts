import { defineModule } from '../modules/contract-module.ts';
import { dayTermResource } from './day-term.ts';
import { MASTER_ENDPOINTS, masterResource } from './master.ts';
import { productResource } from './product.ts';
import { sizeResource } from './size.ts';

/** The trade's vocabularies: masters and their values, sizes, day terms and products. */
export const mastersModule = defineModule({
  name: 'masters',
  permissions: [
    { id: 10, module: 'Main Masters', title: 'Main masters' },
    { id: 11, module: 'Sub Masters', title: 'Sub masters' },
    { id: 12, module: 'Product Master', title: 'Product master' },
    { id: 17, module: 'Size Masters', title: 'Size master' },
    { id: 20, module: 'Terms', title: 'Terms' },
  ],
  resources: [masterResource, sizeResource, dayTermResource, productResource],
  endpoints: [MASTER_ENDPOINTS],
});
