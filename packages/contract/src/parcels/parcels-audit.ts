import { defineAuditEntity } from '../resources/audit-entity.ts';
import { field } from '../resources/fields.ts';
import { PARCEL_ORDER_STATUS_OPTIONS } from './parcel-schemas.ts';

/** How the trail reads a saved price sheet: its date and how many cells changed. */
export const parcelPriceSheetAuditEntity = defineAuditEntity({
  name: 'parcelPriceSheet',
  title: 'Parcel price sheet',
  table: 'parcel_price_sheets',
  titleField: 'priceDate',
  fields: {
    priceDate: field.date('Date'),
    cells: field.integer('Prices'),
    changed: field.integer('Prices changed'),
  },
  actions: {
    'parcelPriceSheet.update': 'Parcel price sheet saved',
    'parcelPriceSheet.delete': 'Parcel price sheet removed',
  },
});

/** How the trail reads a parcel order: placed, and its status moves. */
export const parcelOrderAuditEntity = defineAuditEntity({
  name: 'parcelOrder',
  title: 'Parcel order',
  table: 'parcel_orders',
  titleField: 'orderNumber',
  fields: {
    orderNumber: field.text('Order #'),
    userId: field.user('Customer'),
    accountId: field.reference('Company', 'account'),
    status: field.enum('Status', PARCEL_ORDER_STATUS_OPTIONS),
    totalCarats: field.decimal('Carats', { scale: 3, display: 'carat' }),
    totalAmount: field.decimal('Amount', { scale: 2, display: 'money' }),
    remarks: field.longText('Remarks'),
  },
  actions: {
    'parcelOrder.create': 'Parcel order placed',
    'parcelOrder.status': 'Parcel order status changed',
  },
});
