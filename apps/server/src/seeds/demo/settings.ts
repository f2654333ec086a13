import {
  appVersionResource,
  NOTIFICATION_ACTIONS,
  notificationSettingResource,
  PLATFORM,
  platformResource,
  SETTING_GROUPS,
  SOURCE,
  settingResource,
} from '@facet/contract';
import { createDemoRecord, type DemoContext, demoInstant } from './context.ts';
import type { Staff } from './staff.ts';

const THEME = {
  primary: '#283895',
  secondary: '#b08d57',
  text: '#1f1f1f',
  heading: '#121212',
  darkNavBackground: '#10163a',
  darkNavText: '#e8eaf6',
  headerText: '#ffffff',
  headerBackground: '#283895',
  footerBackground: '#f5f5f5',
  bodyBackground: '#ffffff',
  horizontalNavText: '#283895',
};

type Setting = {
  key: string;
  group: number;
  value?: string;
  data?: Record<string, unknown>;
  description: string;
};

/** One or more settings of every group, as a house running the panel would have them. */
const SETTINGS: readonly Setting[] = [
  {
    key: 'company-name',
    group: SETTING_GROUPS.OTHER,
    value: 'Facet Diamonds',
    description: 'Shown in e-mails and on invoices.',
  },
  {
    key: 'support-email',
    group: SETTING_GROUPS.OTHER,
    value: 'support@facet-diamonds.example',
    description: 'Where customers write for help.',
  },
  {
    key: 'default-currency',
    group: SETTING_GROUPS.OTHER,
    value: 'USD',
    description: 'Prices are listed in this currency.',
  },
  {
    key: 'app-theme',
    group: SETTING_GROUPS.OTHER,
    data: { ...THEME, themeType: 'Semi Dark', navStyle: 'vertical', layoutType: 'full width' },
    description: 'Colours and layout of the customer apps.',
  },
  {
    key: 'notification.sender-name',
    group: SETTING_GROUPS.NOTIFICATION,
    value: 'Facet Diamonds',
    description: 'Sender of push and e-mail notifications.',
  },
  {
    key: 'notification.digest-hour',
    group: SETTING_GROUPS.NOTIFICATION,
    value: '08:00',
    description: 'When the daily digest of new arrivals goes out (office time).',
  },
  {
    key: 'order.minimum-amount',
    group: SETTING_GROUPS.ORDER,
    value: '2500',
    description: 'Smallest order accepted online, in USD.',
  },
  {
    key: 'order.hold-hours',
    group: SETTING_GROUPS.ORDER,
    value: '48',
    description: 'How long a stone stays on hold for a customer.',
  },
  {
    key: 'offline.enabled',
    group: SETTING_GROUPS.OFFLINE,
    value: 'false',
    description: 'Takes the customer apps offline.',
  },
  {
    key: 'offline.message',
    group: SETTING_GROUPS.OFFLINE,
    value: 'We are updating our stock. The apps are back within the hour.',
    description: 'Shown while the apps are offline.',
  },
  {
    key: 'email-receiver.orders',
    group: SETTING_GROUPS.EMAIL_RECEIVER,
    value: 'orders@facet-diamonds.example',
    description: 'Receives a copy of every order.',
  },
  {
    key: 'email-receiver.enquiries',
    group: SETTING_GROUPS.EMAIL_RECEIVER,
    value: 'sales@facet-diamonds.example',
    description: 'Receives enquiries and contact messages.',
  },
  {
    key: 'sales-amount-month.target',
    group: SETTING_GROUPS.SALES_AMOUNT_MONTH,
    value: '2500000',
    data: {
      currency: 'USD',
      byOffice: { antwerp: 800000, mumbai: 700000, 'hong-kong': 600000, 'new-york': 400000 },
    },
    description: 'Monthly sales target, in USD.',
  },
  {
    key: 'order-discount',
    group: SETTING_GROUPS.ORDER_DISCOUNT,
    value: '1',
    data: { percent: 1, minimumAmount: 10000 },
    description: 'Extra discount (%) on web orders above the minimum amount.',
  },
  {
    key: 'mobile-order-discount',
    group: SETTING_GROUPS.MOBILE_ORDER_DISCOUNT,
    value: '0.5',
    data: { percent: 0.5, platforms: ['Android', 'iPhone'] },
    description: 'Extra discount (%) on orders placed in the apps.',
  },
  {
    key: 'legacy-order-store.last-import',
    group: SETTING_GROUPS.MONGODB_ORDER,
    value: demoInstant(-1, 2).toISOString(),
    description: 'When orders were last imported from the former order store.',
  },
];

const TEMPLATES: Record<string, string> = {
  order: 'Thank you {name}: your order {stone} is received.',
  'order-status': 'Your order {stone} is now {status}.',
  offer: '{name} of {company} offered on {stone}.',
  'offer-accepted': 'Good news {name}: your offer on {stone} is accepted.',
  'offer-rejected': 'Your offer on {stone} could not be accepted.',
  appointment: '{name} of {company} asked for a viewing on {date}.',
  'account-approved': 'Welcome {name}: {company} is approved, prices are now visible.',
  'kyc-status': 'A document of {company} was reviewed.',
  cart: '{name} of {company} added {stone} to the cart.',
  watchlist: '{name} of {company} is watching {stone}.',
  enquiry: '{name} of {company} asked about {stone}.',
  comment: '{name} of {company} commented on {stone}.',
  'sign-up': '{name} signed up on {date} and waits for activation.',
  'password-reset':
    'Hello {name}, your password changed on {date}. If this was not you, contact your administrator.',
};

/** Settings, the channels of every notification, the released app versions and the platforms. */
export async function seedSettings(ctx: DemoContext, staff: Staff): Promise<void> {
  // The default sales person is one of the staff, stored by id: the first sales person of the first hub.
  const defaultSalesPerson: Setting = {
    key: 'sales-person.default',
    group: SETTING_GROUPS.SALES_PERSON,
    value: [...staff.salesByHub.values()][0] ?? staff.sales[0],
    description: 'Looks after companies without a sales person.',
  };
  for (const setting of [...SETTINGS, defaultSalesPerson]) {
    await createDemoRecord(
      ctx,
      settingResource,
      {
        key: setting.key,
        group: setting.group,
        value: setting.value ?? null,
        data: setting.data ?? null,
        description: setting.description,
      },
      { label: 'Settings' },
    );
  }
  for (const [index, action] of NOTIFICATION_ACTIONS.entries()) {
    const internal = action.value === 'sign-up' || action.value === 'demand-expiry';
    await createDemoRecord(
      ctx,
      notificationSettingResource,
      {
        action: action.value,
        title: action.label,
        // Without a template a notice says what its event wrote (the prices of a price change, the stones
        // of a demand); the demo sets one where a house would want its own words.
        template: TEMPLATES[action.value] ?? null,
        email: index % 4 !== 3,
        push: !internal,
        inApp: true,
        isActive: action.value !== 'compare',
      },
      { label: 'Notification settings' },
    );
  }
  const versions = [
    [PLATFORM.ANDROID, '3.4.0', 340, false, false],
    [PLATFORM.ANDROID, '3.5.2', 352, false, true],
    [PLATFORM.ANDROID, '3.6.0', 360, true, true],
    [PLATFORM.IPHONE, '3.4.1', 341, false, false],
    [PLATFORM.IPHONE, '3.5.2', 352, false, true],
    [PLATFORM.IPHONE, '3.6.0', 360, true, true],
  ] as const;
  for (const [platform, version, buildNumber, isHardUpdate, isActive] of versions) {
    await createDemoRecord(
      ctx,
      appVersionResource,
      {
        platform,
        version,
        buildNumber,
        releaseNotes: isHardUpdate
          ? 'Sign-in with one-time codes; older versions can no longer sign in.'
          : 'Faster search, saved searches on the dashboard, bug fixes.',
        isHardUpdate,
        isActive,
      },
      { label: 'App versions' },
    );
  }
  const platforms = [
    ['Website', SOURCE.WEB, 'The customer website.', true],
    ['Android app', SOURCE.ANDROID, 'Facet for Android phones.', true],
    ['iPhone app', SOURCE.IOS, 'Facet for iPhone.', true],
    ['iPad app', SOURCE.IPAD, 'Facet for iPad, used at trade shows.', false],
  ] as const;
  for (const [name, source, description, isActive] of platforms) {
    await createDemoRecord(
      ctx,
      platformResource,
      { name, source, description, isActive },
      { label: 'Platforms' },
    );
  }
}
