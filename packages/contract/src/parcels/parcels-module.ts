import { defineModule } from '../modules/contract-module.ts';

/** Parcels of stones and their orders. */
export const parcelsModule = defineModule({
  name: 'parcels',
  permissions: [
    { id: 25, module: 'Parcel Master', title: 'Parcel master' },
    { id: 26, module: 'Parcel Order', title: 'Parcel order' },
  ],
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
