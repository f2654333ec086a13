/** Business constants of spec section 9, kept with their legacy values. */
export const MIN_PASSWORD_LENGTH = 8;
export const MESSAGE_AUTO_HIDE_MS = 3000;
export const LOGOUT_DELAY_MS = 2000;
export const DESKTOP_BREAKPOINT = 992;
export const DEFAULT_PORT = 1376;

export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  permission: 'permission',
  theme: 'app-theme',
  /** Kept between sign-in and the code screen, and for the forced password change. */
  pendingSignIn: 'pending-sign-in',
  defaultPasswordUser: 'default-password-user',
  /** The desk's sidebar folded to its icons: a choice of the person at this browser, kept past sign-out. */
  sidebarFolded: 'sidebar-folded',
} as const;

export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  contactAdmin: 'Something went wrong. Please contact admin.',
  /** A 503: the database could not be reached, or the connection serving the request broke. */
  databaseUnavailable: 'The database is unavailable. Please try again shortly.',
  noResponse: 'Something bad happen',
  networkError: 'Network Error',
  pageNotFound: 'Oops, an error has occurred. Page not found!',
  serverError: 'Sorry, server goes wrong',
  themeUpdateFailed: 'Failed to update theme',
  themeResetFailed: 'Failed to reset theme',
  themeUpdated: 'Theme updated successfully',
} as const;

export const DEFAULT_THEME = {
  primary: '#283895',
  secondary: '#fa8c16',
  text: '#545454',
  heading: '#535353',
  darkNavBackground: '#003366',
  darkNavText: '#038fdd',
  headerText: '#262626',
  headerBackground: '#fefefe',
  footerBackground: '#fffffd',
  bodyBackground: '#f5f5f5',
  horizontalNavText: '#fffffd',
} as const;

/** @public Spec constant, kept for the module that will use it. */
export const THEME_TYPES = ['Lite', 'Semi Dark', 'Dark'] as const;
/** @public Spec constant, kept for the module that will use it. */
export const LAYOUT_TYPES = ['framed', 'full width', 'boxed'] as const;

export const PLATFORM = { ANDROID: 1, IPHONE: 2 } as const;
export const SOURCE = { WEB: '1', ANDROID: '2', IOS: '3', IPAD: '6' } as const;

export const CONTENT_TYPE = {
  EVENT: 1,
  NEWS: 2,
  SHOW: 3,
  OTHER: 4,
  CSR: 5,
  POPUP: 6,
  POPUP_WITHOUT_LOGIN: 7,
} as const;

export const FEATURED_STONE_KINDS = ['stone_of_day', 'best', 'exclusive', 'pair', 'stone'] as const;

export const UPLOAD_TYPES = {
  pdf: ['pdf'],
  image: ['jpeg', 'png', 'jpg', 'gif'],
  json: ['json'],
  video: ['mp4', 'gif', 'mpeg'],
} as const;

export const SHAPES = ['Round', 'Princess', 'Pear', 'Oval', 'Marquise', 'Emerald'] as const;
/** @public Spec constant, kept for the module that will use it. */
export const SEARCH_SHAPES = ['All', ...SHAPES, 'Fancy'] as const;

/** @public Spec constant, kept for the module that will use it. */
export const PAGE_IDS = { CART: 1, WATCHLIST: 2, REMINDER: 5, ENQUIRY: 6 } as const;
/** @public Spec constant, kept for the module that will use it. */
export const PAGE_ID_RANGE = { min: 1, max: 11 } as const;

export const SETTING_GROUPS = {
  OTHER: 1,
  NOTIFICATION: 2,
  ORDER: 3,
  OFFLINE: 4,
  EMAIL_RECEIVER: 5,
  SALES_PERSON: 7,
  SALES_AMOUNT_MONTH: 11,
  ORDER_DISCOUNT: 12,
  MOBILE_ORDER_DISCOUNT: 14,
  MONGODB_ORDER: 101,
} as const;

export const SEARCH_TYPES = { RECENT: 1, SAVE: 2, DEMAND: 3, MATCH_PAIR: 5, VOICE: 6 } as const;

/** @public Spec constant, kept for the module that will use it. */
export const APPROVAL_STATUS = { PENDING: 1, APPROVE: 2, CANCEL: 3 } as const;
/** @public Spec constant, kept for the module that will use it. */
export const TASK_STATUS = { PENDING: 0, APPROVED: 1, CANCEL: 3 } as const;
export const ORDER_TYPE_STATUS = { PENDING: 1, DONE: 2, CANCEL: 3 } as const;
/** @public Spec constant, kept for the module that will use it. */
export const SAVE_MODE = { SAVE_AS_NEW: 1, UPDATE: 2 } as const;

/** Sign-in protections. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_INTERVAL_MS = 30 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
