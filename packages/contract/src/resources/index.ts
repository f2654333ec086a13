import { layoutMasterResource } from '../layouts/layout-master.ts';
import { nonCertDiamondResource, nonCertResource } from '../noncert/noncert-resources.ts';
import { diamondJourneyEventResource } from '../stock/diamond-journey.ts';
import { stoneResource } from '../stock/stone.ts';
import { accountResource } from './catalogue/account.ts';
import { appVersionResource, platformResource } from './catalogue/apps.ts';
import { bannerResource } from './catalogue/banner.ts';
import { dayTermResource } from './catalogue/day-term.ts';
import { featuredStoneResource } from './catalogue/featured-stone.ts';
import {
  careerResource,
  contactUsResource,
  feedbackResource,
  subscriberResource,
} from './catalogue/forum.ts';
import { cityResource, countryResource, stateResource } from './catalogue/geography.ts';
import { lastSyncResource } from './catalogue/last-sync.ts';
import { locationResource } from './catalogue/location.ts';
import { masterResource } from './catalogue/master.ts';
import { newsEventResource } from './catalogue/news-event.ts';
import { productResource } from './catalogue/product.ts';
import { hospitalityResource, pageTrackingResource, transportResource } from './catalogue/services.ts';
import { notificationSettingResource, settingResource } from './catalogue/settings.ts';
import { sizeResource } from './catalogue/size.ts';
import type { ResourceSpec } from './resource.ts';

export * from './catalogue/account.ts';
export * from './catalogue/apps.ts';
export * from './catalogue/banner.ts';
export * from './catalogue/day-term.ts';
export * from './catalogue/featured-stone.ts';
export * from './catalogue/forum.ts';
export * from './catalogue/geography.ts';
export * from './catalogue/last-sync.ts';
export * from './catalogue/location.ts';
export * from './catalogue/master.ts';
export * from './catalogue/news-event.ts';
export * from './catalogue/product.ts';
export * from './catalogue/services.ts';
export * from './catalogue/settings.ts';
export * from './catalogue/size.ts';
export * from './fields.ts';
export * from './grid.ts';
export * from './record-schema.ts';
export * from './reference-details.ts';
export * from './resource.ts';
export * from './schemas.ts';

/** Every resource of the engine; the server mounts and the panel routes all of them. */
export const RESOURCES: readonly ResourceSpec[] = [
  masterResource,
  sizeResource,
  dayTermResource,
  countryResource,
  stateResource,
  cityResource,
  accountResource,
  productResource,
  bannerResource,
  newsEventResource,
  locationResource,
  featuredStoneResource,
  contactUsResource,
  subscriberResource,
  careerResource,
  feedbackResource,
  settingResource,
  notificationSettingResource,
  appVersionResource,
  platformResource,
  transportResource,
  hospitalityResource,
  pageTrackingResource,
  lastSyncResource,
  stoneResource,
  diamondJourneyEventResource,
  nonCertResource,
  nonCertDiamondResource,
  layoutMasterResource,
];

export const RESOURCE_BY_NAME: ReadonlyMap<string, ResourceSpec> = new Map(
  RESOURCES.map((resource) => [resource.name, resource]),
);
