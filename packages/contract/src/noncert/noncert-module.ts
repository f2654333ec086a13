import { defineModule } from '../modules/contract-module.ts';
import { NONCERT_ENDPOINTS } from './noncert-endpoints.ts';
import { NONCERT_PERMISSIONS } from './noncert-permissions.ts';
import { nonCertDiamondResource, nonCertResource } from './noncert-resources.ts';

/** Non-certified stones: lots, their criteria and their diamonds. */
export const noncertModule = defineModule({
  name: 'noncert',
  permissions: NONCERT_PERMISSIONS,
  resources: [nonCertResource, nonCertDiamondResource],
  endpoints: [NONCERT_ENDPOINTS],
  screens: [
    { path: 'noncert/upsert/:id?', title: 'Non-certified stone', module: 'NonCert', action: 'insert' },
    { path: 'noncert/criteria/:id?', title: 'Non-certified criteria', module: 'NonCert', action: 'insert' },
    { path: 'noncertdetails/upsert/:id?', title: 'Non-certified details', module: 'NonCert' },
  ],
});
