import { SETTING_GROUPS } from '../constants.ts';
import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

// The settings' resources, apart from their endpoints and free of zod: the list screens read them.

export const SETTING_GROUP_OPTIONS = [
  { value: SETTING_GROUPS.OTHER, label: 'General' },
  { value: SETTING_GROUPS.NOTIFICATION, label: 'Notification' },
  { value: SETTING_GROUPS.ORDER, label: 'Order' },
  { value: SETTING_GROUPS.OFFLINE, label: 'Offline' },
  { value: SETTING_GROUPS.EMAIL_RECEIVER, label: 'E-mail receiver' },
  { value: SETTING_GROUPS.SALES_PERSON, label: 'Sales person' },
  { value: SETTING_GROUPS.SALES_AMOUNT_MONTH, label: 'Sales amount per month' },
  { value: SETTING_GROUPS.ORDER_DISCOUNT, label: 'Order discount' },
  { value: SETTING_GROUPS.MOBILE_ORDER_DISCOUNT, label: 'Mobile order discount' },
  { value: SETTING_GROUPS.MONGODB_ORDER, label: 'Legacy order store' },
] as const;

/**
 * Key/value settings, grouped. `general-setting` shows them all; `setting` and `settingtable` (the
 * Notification Settings module) show the notification group. `GET apis/setting/{key}` reads one by key
 * and `POST apis/setting/upsert` writes one by key.
 */
export const settingResource = defineResource({
  name: 'setting',
  title: 'Setting',
  module: 'General Settings',
  api: 'apis/setting',
  keyField: 'key',
  table: 'settings',
  views: [
    {
      route: 'general-setting',
      title: 'General setting',
      menu: { group: 'Setting', id: 802, name: 'General Setting' },
    },
    {
      route: 'setting',
      menu: { group: 'Setting', id: 801, name: 'Setting' },
      title: 'Setting',
      module: 'Notification Settings',
      fixedFilter: { group: SETTING_GROUPS.NOTIFICATION },
    },
    {
      route: 'settingtable',
      title: 'Setting table',
      module: 'Notification Settings',
      fixedFilter: { group: SETTING_GROUPS.NOTIFICATION },
    },
  ],
  titleField: 'key',
  defaultSort: { field: 'key', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    key: field.text('Key', { required: true, max: 120, sort: true, search: true, unique: true }),
    group: field.enum('Group', SETTING_GROUP_OPTIONS, {
      required: true,
      filter: 'eq',
      sort: true,
      defaultValue: SETTING_GROUPS.OTHER,
    }),
    value: field.longText('Value', { max: 10_000, search: true }),
    data: field.json('JSON value', { list: false, help: 'For structured settings; leave empty for text.' }),
    description: field.longText('Description', { max: 2000, list: false }),
  },
});

/** The 25 notification actions of spec section 3. */
export const NOTIFICATION_ACTIONS = [
  { value: 'cart', label: 'Added to cart' },
  { value: 'watchlist', label: 'Added to watchlist' },
  { value: 'comment', label: 'Comment on a stone' },
  { value: 'enquiry', label: 'Enquiry' },
  { value: 'demand', label: 'Demand placed' },
  { value: 'demand-expiry', label: 'Demand expiring' },
  { value: 'reminder', label: 'Reminder due' },
  { value: 'compare', label: 'Stones compared' },
  { value: 'saved-search', label: 'Saved search matches' },
  { value: 'offer', label: 'Offer made' },
  { value: 'offer-accepted', label: 'Offer accepted' },
  { value: 'offer-rejected', label: 'Offer rejected' },
  { value: 'hold', label: 'Stone on hold' },
  { value: 'memo', label: 'Stone on memo' },
  { value: 'order', label: 'Order placed' },
  { value: 'order-status', label: 'Order status changed' },
  { value: 'shipment', label: 'Shipment sent' },
  { value: 'appointment', label: 'Appointment requested' },
  { value: 'appointment-status', label: 'Appointment status changed' },
  { value: 'new-arrival', label: 'New arrivals' },
  { value: 'price-change', label: 'Price changed' },
  { value: 'account-approved', label: 'Company approved' },
  { value: 'kyc-status', label: 'KYC document reviewed' },
  { value: 'sign-up', label: 'New sign-up' },
  { value: 'password-reset', label: 'Password reset' },
] as const;

/**
 * For each notification action: which channels send it, and its message template. `apis/notification`
 * itself and the `notification/upsert/:id?` screen belong to the notifications (notifications/).
 */
export const notificationSettingResource = defineResource({
  name: 'notificationSetting',
  title: 'Notification setting',
  module: 'Notification Settings',
  api: 'apis/notification-setting',
  table: 'notification_settings',
  views: [
    {
      route: 'notification-setting',
      title: 'Notification setting',
      menu: { group: 'Masters', id: 110, name: 'Notification Setting' },
    },
  ],
  titleField: 'title',
  defaultSort: { field: 'title', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    action: field.enum('Action', NOTIFICATION_ACTIONS, {
      required: true,
      unique: true,
      filter: 'eq',
      sort: true,
    }),
    title: field.text('Title', { required: true, max: 200, sort: true, search: true }),
    template: field.longText('Message template', {
      max: 5000,
      list: false,
      help: 'Placeholders: {name}, {stone}, {company}, {date}, {status}.',
    }),
    email: field.boolean('E-mail', { defaultValue: true, filter: 'eq', toggle: true }),
    push: field.boolean('Push', { defaultValue: true, filter: 'eq', toggle: true }),
    inApp: field.boolean('In app', { defaultValue: true, filter: 'eq', toggle: true }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});
