import { SETTING_GROUPS } from '../constants.ts';
import { isUuid } from '../resources/field-rules.ts';
import { SETTING_GROUP_OPTIONS } from './setting-resources.ts';

/**
 * The settings the panel knows, by key: each with the label and help its screen shows and the input its
 * value takes. A setting is stored as text (`value`); a set of colours (the apps' theme) as JSON
 * (`data`). A key the catalogue does not know is still listed, under a label read from the key.
 */
export type SettingInput =
  | 'text'
  | 'longText'
  | 'number'
  | 'boolean'
  | 'colour'
  | 'date'
  | 'datetime'
  | 'time'
  | 'email'
  | 'url'
  /** A staff user, stored by id. */
  | 'user'
  | 'colours';

export interface SettingPart {
  key: string;
  label: string;
}

export interface SettingDefinition {
  key: string;
  label: string;
  help?: string;
  input: SettingInput;
  group: number;
  /** Shown after a number ("USD", "hours", "%"). */
  unit?: string;
  min?: number;
  max?: number;
  /** `colours`: the colours of the JSON value, each under its key. */
  parts?: readonly SettingPart[];
}

/** The theme's colours (spec section 3, the key app-theme), each a colour picker. */
const THEME_COLOURS: readonly SettingPart[] = [
  { key: 'primary', label: 'Primary' },
  { key: 'secondary', label: 'Secondary' },
  { key: 'text', label: 'Text' },
  { key: 'heading', label: 'Headings' },
  { key: 'darkNavBackground', label: 'Dark menu background' },
  { key: 'darkNavText', label: 'Dark menu text' },
  { key: 'headerText', label: 'Header text' },
  { key: 'headerBackground', label: 'Header background' },
  { key: 'footerBackground', label: 'Footer background' },
  { key: 'bodyBackground', label: 'Page background' },
  { key: 'horizontalNavText', label: 'Top menu text' },
];

const G = SETTING_GROUPS;

export const SETTING_CATALOGUE: readonly SettingDefinition[] = [
  {
    key: 'company-name',
    label: 'Company name',
    help: 'Shown in e-mails and on invoices.',
    input: 'text',
    group: G.OTHER,
  },
  {
    key: 'support-email',
    label: 'Support e-mail',
    help: 'Where customers write for help.',
    input: 'email',
    group: G.OTHER,
  },
  {
    key: 'default-currency',
    label: 'Default currency',
    help: 'Prices are listed in this currency (a three-letter code such as USD).',
    input: 'text',
    group: G.OTHER,
  },
  {
    key: 'app-theme',
    label: 'Apps theme',
    help: 'Colours of the customer apps.',
    input: 'colours',
    group: G.OTHER,
    parts: THEME_COLOURS,
  },
  {
    key: 'notification.sender-name',
    label: 'Notification sender',
    help: 'Sender of push and e-mail notifications.',
    input: 'text',
    group: G.NOTIFICATION,
  },
  {
    key: 'notification.digest-hour',
    label: 'Daily digest time',
    help: 'When the daily digest of new arrivals goes out (office time).',
    input: 'time',
    group: G.NOTIFICATION,
  },
  {
    key: 'order.minimum-amount',
    label: 'Minimum online order',
    help: 'Smallest order accepted online.',
    input: 'number',
    unit: 'USD',
    min: 0,
    group: G.ORDER,
  },
  {
    key: 'order.hold-hours',
    label: 'Hold time',
    help: 'How long a stone stays on hold for a customer.',
    input: 'number',
    unit: 'hours',
    min: 0,
    max: 8760,
    group: G.ORDER,
  },
  {
    key: 'offline.enabled',
    label: 'Apps offline',
    help: 'Takes the customer apps offline.',
    input: 'boolean',
    group: G.OFFLINE,
  },
  {
    key: 'offline.message',
    label: 'Offline message',
    help: 'Shown while the apps are offline.',
    input: 'longText',
    group: G.OFFLINE,
  },
  {
    key: 'email-receiver.orders',
    label: 'Orders e-mail',
    help: 'Receives a copy of every order.',
    input: 'email',
    group: G.EMAIL_RECEIVER,
  },
  {
    key: 'email-receiver.enquiries',
    label: 'Enquiries e-mail',
    help: 'Receives enquiries and contact messages.',
    input: 'email',
    group: G.EMAIL_RECEIVER,
  },
  {
    key: 'sales-person.default',
    label: 'Default sales person',
    help: 'Looks after companies without a sales person.',
    input: 'user',
    group: G.SALES_PERSON,
  },
  {
    key: 'sales-amount-month.target',
    label: 'Monthly sales target',
    input: 'number',
    unit: 'USD',
    min: 0,
    group: G.SALES_AMOUNT_MONTH,
  },
  {
    key: 'order-discount',
    label: 'Web order discount',
    help: 'Extra discount on web orders above the minimum amount.',
    input: 'number',
    unit: '%',
    min: 0,
    max: 100,
    group: G.ORDER_DISCOUNT,
  },
  {
    key: 'mobile-order-discount',
    label: 'App order discount',
    help: 'Extra discount on orders placed in the apps.',
    input: 'number',
    unit: '%',
    min: 0,
    max: 100,
    group: G.MOBILE_ORDER_DISCOUNT,
  },
  {
    key: 'legacy-order-store.last-import',
    label: 'Last import of old orders',
    help: 'When orders were last imported from the former order store.',
    input: 'datetime',
    group: G.MONGODB_ORDER,
  },
];

const BY_KEY = new Map(SETTING_CATALOGUE.map((definition) => [definition.key, definition]));

/** The catalogue's entry for a key, ignoring case (keys are unique ignoring case). */
export function settingDefinitionOf(key: string): SettingDefinition | undefined {
  return BY_KEY.get(key.toLowerCase());
}

/** A key the catalogue does not know, read as a label: `order.hold-hours` → "Order: hold hours". */
function labelFromKey(key: string): string {
  const words = (part: string) =>
    part
      .replace(/[-_]+/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .trim();
  const parts = key
    .split('.')
    .map(words)
    .filter((part) => part !== '');
  const text = parts.join(': ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label a screen shows for a setting. */
export function settingLabelOf(key: string): string {
  return settingDefinitionOf(key)?.label ?? labelFromKey(key);
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * What is wrong with a setting's value for its input, in the panel's voice, or null. An empty value is
 * always taken (the setting is then unset). Kept free of zod: the settings screen checks with it too.
 */
export function settingValueProblem(definition: SettingDefinition, value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  switch (definition.input) {
    case 'number': {
      // A plain decimal only: Number() would also take "0x10", "1e3" and "Infinity".
      const number = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      const { min, max } = definition;
      if (!Number.isFinite(number)) return `Enter the ${definition.label.toLowerCase()} as a number.`;
      if ((min !== undefined && number < min) || (max !== undefined && number > max)) {
        if (min !== undefined && max !== undefined) return `Enter a number between ${min} and ${max}.`;
        return min !== undefined ? `Enter a number of at least ${min}.` : `Enter a number of at most ${max}.`;
      }
      return null;
    }
    case 'boolean':
      return text === 'true' || text === 'false' ? null : 'Choose on or off.';
    case 'colour':
      return HEX_COLOUR.test(text) ? null : 'Choose a colour, or enter a hex colour such as #283895.';
    case 'email':
      return EMAIL.test(text) ? null : 'Enter a valid e-mail address.';
    case 'time':
      return TIME.test(text) ? null : 'Choose a time, such as 08:00.';
    case 'date':
      return DATE.test(text) && !Number.isNaN(Date.parse(text)) ? null : 'Choose a valid date.';
    case 'datetime':
      // A moment as the settings screen stores it (ISO 8601 with its offset): Date.parse alone takes "1".
      return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)) ? null : 'Choose a valid date and time.';
    case 'url':
      return /^https?:\/\/\S+$/i.test(text) ? null : 'Enter an http(s) address.';
    case 'user':
      return isUuid(text) ? null : 'Choose a user from the list.';
    default:
      return null;
  }
}

/** What is wrong with the colours of a `colours` setting, by part, or null. */
export function settingColoursProblem(
  definition: SettingDefinition,
  data: unknown,
): { part: string; message: string } | null {
  if (data === null || data === undefined || typeof data !== 'object') return null;
  for (const part of definition.parts ?? []) {
    const value = (data as Record<string, unknown>)[part.key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || !HEX_COLOUR.test(value))
      return { part: part.key, message: `Choose a colour for ${part.label.toLowerCase()}.` };
  }
  return null;
}

/** Why a known setting may not be stored in another group: "Hold time is an Order setting." */
export function settingGroupProblem(definition: SettingDefinition): string {
  const group = SETTING_GROUP_OPTIONS.find((option) => option.value === definition.group)?.label;
  return group
    ? `${definition.label} is a setting of the ${group} group.`
    : `${definition.label} is in another group.`;
}
