/**
 * Every table, for drizzle-kit and drizzle's relational queries. Each table lives with its feature; this
 * file only gathers them.
 */

export * from '../access/auth-tables.ts';
export * from '../access/permission-table.ts';
export * from '../access/role-table.ts';
export * from '../access/user-table.ts';
export * from '../accounts/account-document-table.ts';
export * from '../appointments/appointment-tables.ts';
export * from '../diamond-comments/diamond-comment-table.ts';
export * from '../featured-stones/featured-stone-tables.ts';
export * from '../grid/grid-column-table.ts';
export * from '../layouts/layout-search-table.ts';
export * from '../layouts/layout-tables.ts';
export * from '../login-log/login-daily-table.ts';
export * from '../login-log/login-log-table.ts';
export * from '../noncert/criteria-table.ts';
export * from '../notifications/notification-channel-tables.ts';
export * from '../notifications/notification-table.ts';
export * from '../parcels/parcel-tables.ts';
export * from '../reports/hit-counter-tables.ts';
export * from '../reports/search-rollup-tables.ts';
export * from '../resources/audit-table.ts';
export * from '../search-history/stone-search-table.ts';
export * from '../stock-summary/stock-summary-tables.ts';
export * from '../stock-upload/stock-upload-tables.ts';
export * from '../uploads/upload-table.ts';
export * from './job-marks-table.ts';
export * from './resource-tables.ts';
export * from './seed-state-table.ts';
export * from './table-writes.ts';
