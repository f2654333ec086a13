import { defineModule } from '../modules/contract-module.ts';
import { CUSTOMER_PARCEL_ENDPOINTS } from './customer-parcel-endpoints.ts';
import { qualityBandResource, sieveGroupResource } from './parcel-master-resources.ts';
import { PARCEL_ORDER_ENDPOINTS } from './parcel-order-endpoints.ts';
import { PARCEL_PRICE_ENDPOINTS } from './parcel-price-endpoints.ts';
import { parcelOrderAuditEntity, parcelPriceSheetAuditEntity } from './parcels-audit.ts';
import { PARCELS_PERMISSIONS } from './parcels-permissions.ts';

/** Melee: price sheets by sieve group and quality band, and the customers' parcel orders. */
export const parcelsModule = defineModule({
  name: 'parcels',
  permissions: PARCELS_PERMISSIONS,
  resources: [sieveGroupResource, qualityBandResource],
  endpoints: [PARCEL_PRICE_ENDPOINTS, PARCEL_ORDER_ENDPOINTS, CUSTOMER_PARCEL_ENDPOINTS],
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
  auditEntityTypes: [parcelPriceSheetAuditEntity, parcelOrderAuditEntity],
});
