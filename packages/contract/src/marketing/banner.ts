import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

export const BANNER_TYPES = [
  { value: 'home', label: 'Home page' },
  { value: 'login', label: 'Sign-in page' },
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'search', label: 'Search' },
  { value: 'marquee', label: 'Marquee' },
  { value: 'app', label: 'Mobile app' },
] as const;

/** Marketing banners of the website and the apps: an image per device, or a video, shown for a period. */
export const bannerResource = defineResource({
  name: 'banner',
  title: 'Banner',
  module: 'Banner',
  api: 'apis/banner',
  table: 'banners',
  views: [
    { route: 'banner', title: 'Banner', menu: { group: 'Marketing', id: 401, name: 'Banner' } },
    { route: 'banner/upsert/:id?', title: 'Banner', action: 'insert' },
  ],
  titleField: 'name',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  listPreview: { image: 'desktopImage', period: { from: 'fromDate', to: 'toDate' } },
  ranges: [{ from: 'fromDate', to: 'toDate' }],
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    type: field.enum('Type', BANNER_TYPES, { required: true, filter: 'eq', sort: true }),
    description: field.longText('Description', { max: 2000, list: false }),
    targetUrl: field.url('Link or in-app target', { max: 500, list: false, link: 'web-or-app' }),
    desktopImage: field.image('Desktop image', { list: false }),
    mobileImage: field.image('Mobile image', { list: false }),
    tabletImage: field.image('Tablet image', { list: false }),
    videoUrl: field.url('Video URL', { max: 500, list: false }),
    fontColor: field.text('Font colour', { max: 20, list: false, help: 'A CSS colour, e.g. #283895.' }),
    marqueeText: field.text('Marquee text', { max: 500, list: false }),
    fromDate: field.datetime('Shown from', { sort: true, filter: 'range' }),
    toDate: field.datetime('Shown until', { sort: true, filter: 'range' }),
    sequence: field.integer('Sequence', { min: 0, max: 1_000_000, sort: true, defaultValue: 0 }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});
