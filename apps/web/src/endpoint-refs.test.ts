import {
  ACCOUNT_ENDPOINTS,
  AUDIT_ENDPOINTS,
  AUTH_ENDPOINTS,
  type EndpointRef,
  type EndpointSpec,
  GRID_ENDPOINTS,
  GUEST_ENDPOINTS,
  LAYOUT_ENDPOINTS,
  MASTER_ENDPOINTS,
  NOTIFICATION_ENDPOINTS,
  PAGE_VISIT_ENDPOINT,
  PARCEL_ORDER_ENDPOINTS,
  PARCEL_PRICE_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  REPORT_LOG_ENDPOINT,
  REPORT_USE_ENDPOINT,
  RESOURCE_ENDPOINTS,
  ROLE_ENDPOINTS,
  SEARCH_HISTORY_ENDPOINTS,
  SETTING_ENDPOINTS,
  STOCK_SUMMARY_ENDPOINTS,
  STOCK_UPLOAD_ENDPOINTS,
  USER_ENDPOINTS,
} from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_REFS } from './accounts/account-refs.ts';
import { LAYOUT_REFS } from './layouts/layout-refs.ts';
import { NOTIFICATION_REFS } from './notifications/notification-api.ts';
import { PARCEL_ORDER_REFS, PARCEL_PRICE_REFS } from './parcels/parcel-refs.ts';
import { AUTH_REFS } from './platform/api/auth-refs.ts';
import {
  AUDIT_REFS,
  COMMON_REFS,
  GRID_REFS,
  GUEST_REFS,
  MASTER_REFS,
  PERMISSION_REFS,
  ROLE_REFS,
  USER_REFS,
} from './platform/api/endpoint-refs.ts';
import { REPORT_REFS } from './reports/report-refs.ts';
import { SEARCH_HISTORY_REFS } from './search-history/search-history-refs.ts';
import { SETTING_REFS } from './settings/setting-refs.ts';
import { STOCK_SUMMARY_REFS } from './stock-summary/stock-summary-refs.ts';
import { STOCK_UPLOAD_REFS } from './stock-upload/stock-upload-refs.ts';

const TABLES: [string, Record<string, EndpointRef>, Record<string, EndpointSpec>][] = [
  ['GRID', GRID_REFS, GRID_ENDPOINTS],
  ['COMMON', COMMON_REFS, RESOURCE_ENDPOINTS],
  ['MASTER', MASTER_REFS, MASTER_ENDPOINTS],
  ['USER', USER_REFS, USER_ENDPOINTS],
  ['GUEST', GUEST_REFS, GUEST_ENDPOINTS],
  ['ROLE', ROLE_REFS, ROLE_ENDPOINTS],
  ['PERMISSION', PERMISSION_REFS, PERMISSION_ENDPOINTS],
  ['AUDIT', AUDIT_REFS, AUDIT_ENDPOINTS],
  ['AUTH', AUTH_REFS, AUTH_ENDPOINTS],
  ['ACCOUNT', ACCOUNT_REFS, ACCOUNT_ENDPOINTS],
  ['LAYOUT', LAYOUT_REFS, LAYOUT_ENDPOINTS],
  ['NOTIFICATION', NOTIFICATION_REFS, NOTIFICATION_ENDPOINTS],
  ['SEARCH_HISTORY', SEARCH_HISTORY_REFS, SEARCH_HISTORY_ENDPOINTS],
  ['STOCK_UPLOAD', STOCK_UPLOAD_REFS, STOCK_UPLOAD_ENDPOINTS],
  ['SETTING', SETTING_REFS, SETTING_ENDPOINTS],
  ['STOCK_SUMMARY', STOCK_SUMMARY_REFS, STOCK_SUMMARY_ENDPOINTS],
  ['PARCEL_PRICE', PARCEL_PRICE_REFS, PARCEL_PRICE_ENDPOINTS],
  ['PARCEL_ORDER', PARCEL_ORDER_REFS, PARCEL_ORDER_ENDPOINTS],
  [
    'REPORT',
    REPORT_REFS,
    { log: REPORT_LOG_ENDPOINT, track: PAGE_VISIT_ENDPOINT, reportUse: REPORT_USE_ENDPOINT },
  ],
];

describe('endpoint refs', () => {
  it.each(TABLES)(
    '%s: each ref names the method, path and access rule of its declaration',
    (_, refs, table) => {
      for (const [name, ref] of Object.entries(refs)) {
        const declared = table[name];
        expect(declared, name).toBeDefined();
        expect(ref, name).toEqual({
          method: declared?.method,
          path: declared?.path,
          access: declared?.access,
        });
      }
    },
  );
});
