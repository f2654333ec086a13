/**
 * Every table, for drizzle-kit and drizzle's relational queries. Each table lives with its feature; this
 * file only gathers them.
 */

export * from '../accounts/account-document-table.ts';
export * from '../audit/audit-table.ts';
export * from '../auth/auth-tables.ts';
export * from '../diamond-comments/diamond-comment-table.ts';
export * from '../grid/grid-column-table.ts';
export * from '../layouts/layout-tables.ts';
export * from '../logs/login-log-table.ts';
export * from '../notifications/notification-table.ts';
export * from '../permissions/permission-table.ts';
export * from '../resources/resource-tables.ts';
export * from '../resources/table-writes.ts';
export * from '../roles/role-table.ts';
export * from '../search-history/stone-search-table.ts';
export * from '../seeds/seed-state-table.ts';
export * from '../stock/featured-stone-tables.ts';
export * from '../stock-upload/stock-upload-tables.ts';
export * from '../uploads/upload-table.ts';
export * from '../users/user-table.ts';
