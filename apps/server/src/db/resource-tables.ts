import { RESOURCE_TABLES } from './tables.ts';

/** The resource engine's tables, generated from the contract's declarations (resources/table-of.ts). */
function resourceTable(name: string) {
  const table = RESOURCE_TABLES.get(name);
  if (!table) throw new Error(`resource ${name} is not declared`);
  return table;
}
export const masters = resourceTable('master');
export const sizes = resourceTable('size');
export const dayTerms = resourceTable('dayTerm');
export const countries = resourceTable('country');
export const states = resourceTable('state');
export const cities = resourceTable('city');
export const accounts = resourceTable('account');
export const products = resourceTable('product');
export const banners = resourceTable('banner');
export const newsEvents = resourceTable('newsEvent');
export const locations = resourceTable('location');
export const featuredStones = resourceTable('featuredStone');
export const contactMessages = resourceTable('contactUs');
export const subscribers = resourceTable('subscriber');
export const careerApplications = resourceTable('career');
export const feedback = resourceTable('feedback');
export const settings = resourceTable('setting');
export const notificationSettings = resourceTable('notificationSetting');
export const appVersions = resourceTable('appVersion');
export const platforms = resourceTable('platform');
export const transportOrders = resourceTable('transport');
export const hospitalityOrders = resourceTable('hospitality');
export const pageTracking = resourceTable('pageTracking');
export const stones = resourceTable('diamond');
export const diamondJourneyEvents = resourceTable('diamondJourneyEvent');
export const nonCertLots = resourceTable('nonCert');
export const nonCertDiamonds = resourceTable('nonCertDiamond');
export const lastSyncs = resourceTable('lastSync');
export const layoutMasters = resourceTable('layoutMaster');
