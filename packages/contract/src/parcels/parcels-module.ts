import { defineModule } from '../modules/contract-module.ts';
import { PARCELS_PERMISSIONS } from './parcels-permissions.ts';

/** Parcels of stones and their orders. */
export const parcelsModule = defineModule({
  name: 'parcels',
  permissions: PARCELS_PERMISSIONS,
  screens: [
    {
      path: 'parcel-master',
      title: 'Parcel master',
      module: 'Parcel Master',
      menu: { group: 'Masters', id: 111, name: 'Parcel Master' },
    },
    {
      path: 'parcel/order',
      title: 'Parcel order',
      module: 'Parcel Order',
      menu: { group: 'Parcel', id: 1001, name: 'Parcel Order' },
    },
  ],
});
