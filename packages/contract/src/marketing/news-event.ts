import { CONTENT_TYPE } from '../constants.ts';
import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

export const CONTENT_TYPE_OPTIONS = [
  { value: CONTENT_TYPE.EVENT, label: 'Event' },
  { value: CONTENT_TYPE.NEWS, label: 'News' },
  { value: CONTENT_TYPE.SHOW, label: 'Show' },
  { value: CONTENT_TYPE.OTHER, label: 'Other' },
  { value: CONTENT_TYPE.CSR, label: 'CSR' },
  { value: CONTENT_TYPE.POPUP, label: 'Popup' },
  { value: CONTENT_TYPE.POPUP_WITHOUT_LOGIN, label: 'Popup without login' },
] as const;

/**
 * News, events, trade shows and popups: one table by content type. `show` and `popup` share the list
 * and the form, each pinned to its type and gated by its own module; the legacy `apis/event` calls
 * answer the same endpoints.
 */
export const newsEventResource = defineResource({
  name: 'newsEvent',
  title: 'News and events',
  itemName: 'news item',
  module: 'Show',
  api: 'apis/news-event',
  aliases: ['apis/event'],
  legacyPaths: { sequence: ['apis/event/sequence'] },
  table: 'news_events',
  views: [
    {
      route: 'show',
      title: 'Show',
      itemName: 'show',
      fixedFilter: { contentType: CONTENT_TYPE.SHOW },
      menu: { group: 'Marketing', id: 402, name: 'Show' },
    },
    {
      route: 'popup',
      title: 'Popup',
      itemName: 'popup',
      module: 'Popup',
      fixedFilter: { contentType: CONTENT_TYPE.POPUP },
      menu: { group: 'Marketing', id: 403, name: 'Popup' },
    },
    {
      route: 'news-event',
      title: 'News and events',
      menu: { group: 'Marketing', id: 404, name: 'News and events' },
    },
    {
      route: 'show/upsert/:id?',
      title: 'Show',
      itemName: 'show',
      action: 'insert',
      fixedFilter: { contentType: CONTENT_TYPE.SHOW },
    },
    {
      route: 'popup/upsert/:id?',
      action: 'insert',
      title: 'Popup',
      itemName: 'popup',
      module: 'Popup',
      fixedFilter: { contentType: CONTENT_TYPE.POPUP },
    },
    { route: 'news-event/upsert/:id?', title: 'News and events', action: 'insert' },
  ],
  titleField: 'title',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  listPreview: { image: 'image', period: { from: 'fromDate', to: 'toDate' } },
  ranges: [{ from: 'fromDate', to: 'toDate' }],
  fields: {
    title: field.text('Title', { required: true, max: 200, sort: true, search: true }),
    contentType: field.enum('Content type', CONTENT_TYPE_OPTIONS, { required: true, filter: 'eq' }),
    description: field.longText('Description', { max: 10_000, list: false }),
    location: field.text('Place', { max: 200, search: true, sort: true }),
    fromDate: field.date('From', { sort: true, filter: 'range' }),
    toDate: field.date('To', { sort: true, filter: 'range' }),
    image: field.image('Image', { list: false }),
    mobileImage: field.image('Mobile image', { list: false }),
    url: field.url('Link', { max: 500, list: false }),
    sequence: field.integer('Sequence', { min: 0, max: 1_000_000, sort: true, defaultValue: 0 }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});
