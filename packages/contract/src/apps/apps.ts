import { PLATFORM, SOURCE } from '../constants.ts';
import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

export const PLATFORM_OPTIONS = [
  { value: PLATFORM.ANDROID, label: 'Android' },
  { value: PLATFORM.IPHONE, label: 'iPhone' },
] as const;

/** Released app versions; a hard update forces older apps to update before use. */
export const appVersionResource = defineResource({
  name: 'appVersion',
  title: 'App version',
  module: 'Version',
  api: 'apis/version',
  table: 'app_versions',
  views: [
    { route: 'version-apk', title: 'App version', menu: { group: 'Setting', id: 805, name: 'Version' } },
  ],
  titleField: 'version',
  defaultSort: { field: 'createdAt', direction: 'desc' },
  operations: FULL_OPERATIONS,
  fields: {
    platform: field.enum('Platform', PLATFORM_OPTIONS, { required: true, filter: 'eq', sort: true }),
    version: field.text('Version', { required: true, max: 30, sort: true, search: true }),
    buildNumber: field.integer('Build number', { min: 0, max: 1_000_000_000, sort: true }),
    releaseNotes: field.longText('Release notes', { max: 5000, list: false }),
    isHardUpdate: field.boolean('Hard update', { defaultValue: false, filter: 'eq', toggle: true }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

export const SOURCE_OPTIONS = [
  { value: SOURCE.WEB, label: 'Web' },
  { value: SOURCE.ANDROID, label: 'Android' },
  { value: SOURCE.IOS, label: 'iOS' },
  { value: SOURCE.IPAD, label: 'iPad' },
] as const;

/** The channels customers use (web, apps), each of which can be switched off. */
export const platformResource = defineResource({
  name: 'platform',
  title: 'Platform',
  module: 'Platform',
  api: 'apis/platform',
  table: 'platforms',
  views: [{ route: 'platform', title: 'Platform', menu: { group: 'Setting', id: 807, name: 'Platform' } }],
  titleField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 60, sort: true, search: true, unique: true }),
    source: field.enum('Source', SOURCE_OPTIONS, { required: true, filter: 'eq', sort: true }),
    description: field.longText('Description', { max: 2000, list: false }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});
