import Bowser from 'bowser';

/** What a user agent names when it is no browser bowser knows (a script, an app, a test client). */
export const OTHER_DEVICE = 'Other';
export const UNKNOWN_DEVICE = 'Unknown device';

/**
 * A sign-in's device as the reports name it, read from its user agent by bowser: "Chrome on Windows",
 * "Safari on iPhone". Browser and system names only, never versions, so that a report groups a device's
 * sign-ins across its updates.
 */
export function deviceOf(userAgent: string): string {
  const text = userAgent.trim();
  if (!text) return UNKNOWN_DEVICE;
  const parsed = Bowser.parse(text);
  const browser = parsed.browser.name;
  // An Apple phone or tablet reads as the device people call it (iPhone, iPad) rather than as iOS.
  const system = parsed.os.name === 'iOS' && parsed.platform.model ? parsed.platform.model : parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Other browser on ${system}`;
  return OTHER_DEVICE;
}
