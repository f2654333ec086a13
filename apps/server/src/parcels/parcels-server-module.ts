import { defineServerModule } from '../modules/server-module.ts';
import { parcelOrdersTile } from './parcel-dashboard.ts';
import { seedParcelMasters } from './parcel-masters-seed.ts';
import { parcelRoutes, registerParcelImport } from './parcel-routes.ts';

/** Melee price sheets and parcel orders; the sieve groups and quality bands are seeded once. */
export const parcelsServerModule = defineServerModule({
  name: 'parcels',
  routes: parcelRoutes,
  register: registerParcelImport,
  onStart: ({ db }) => seedParcelMasters(db),
  dashboardTiles: { 'parcel-orders': parcelOrdersTile },
  tableRows: {
    parcel_price_sheets: { one: 'parcel price sheet', many: 'parcel price sheets' },
    parcel_prices: { one: 'parcel price', many: 'parcel prices' },
    parcel_orders: { one: 'parcel order', many: 'parcel orders' },
    parcel_order_lines: { one: 'parcel order line', many: 'parcel order lines' },
  },
});
