import { SETTING_CATALOGUE, SETTING_GROUPS, settingDefinitionOf, settingValueProblem } from '@facet/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  fromInputValue,
  hasChanged,
  type StoredSetting,
  settingLines,
  toInputValue,
} from './setting-values.ts';

const stored = (
  key: string,
  value: string | null,
  group: number = SETTING_GROUPS.OTHER,
  data: unknown = null,
) => ({ id: key, key, group, value, data, description: 'Kept for the app.' }) satisfies StoredSetting;

const known = (key: string) => {
  const definition = settingDefinitionOf(key);
  if (!definition) throw new Error(key);
  return definition;
};

describe('settingLines', () => {
  it('lists known settings under their labels, and unknown keys under a label read from the key', () => {
    const sections = settingLines(SETTING_CATALOGUE, [
      stored('support-email', 'help@example.com'),
      stored('apps.splash-title', 'Welcome'),
    ]);
    const general = sections.find((section) => section.title === 'General');
    const labels = general?.lines.map((line) => line.label);
    expect(labels).toContain('Support e-mail');
    expect(labels).toContain('Apps: splash title');
    // No label reads like a key: no dots, none in lower case.
    expect(labels?.some((label) => label.includes('.') || /^[a-z]/.test(label))).toBe(false);
    expect(general?.lines.find((line) => line.key === 'support-email')?.stored?.value).toBe(
      'help@example.com',
    );
  });

  it('keeps to one group when the screen pins it', () => {
    const sections = settingLines(
      SETTING_CATALOGUE,
      [stored('company-name', 'Facet')],
      SETTING_GROUPS.NOTIFICATION,
    );
    expect(sections.map((section) => section.title)).toEqual(['Notification']);
  });
});

describe('setting inputs', () => {
  it('reads and writes each kind of value as the setting stores it', () => {
    const hours = known('order.hold-hours');
    expect(toInputValue(hours, stored(hours.key, '48'))).toBe(48);
    expect(fromInputValue(hours, 72)).toEqual({ value: '72' });

    const offline = known('offline.enabled');
    expect(toInputValue(offline, stored(offline.key, 'true'))).toBe(true);
    expect(fromInputValue(offline, false)).toEqual({ value: 'false' });

    const digest = known('notification.digest-hour');
    const time = toInputValue(digest, stored(digest.key, '08:00'));
    expect(dayjs.isDayjs(time)).toBe(true);
    expect(fromInputValue(digest, time)).toEqual({ value: '08:00' });

    const theme = known('app-theme');
    const before = stored(theme.key, null, SETTING_GROUPS.OTHER, { primary: '#283895', themeType: 'Dark' });
    const colours = toInputValue(theme, before) as Record<string, string | null>;
    expect(colours.primary).toBe('#283895');
    expect(fromInputValue(theme, { ...colours, primary: '#fa8c16' }, before).data).toMatchObject({
      primary: '#fa8c16',
      themeType: 'Dark',
    });
  });

  it('writes only what changed', () => {
    const lastImport = known('legacy-order-store.last-import');
    const at = stored(lastImport.key, '2026-11-26T06:00:00Z');
    expect(hasChanged(lastImport, toInputValue(lastImport, at), at)).toBe(false);
    const theme = known('app-theme');
    expect(hasChanged(theme, toInputValue(theme, undefined), undefined)).toBe(false);
    const offline = known('offline.enabled');
    expect(hasChanged(offline, toInputValue(offline, undefined), undefined)).toBe(false);
    expect(hasChanged(offline, true, undefined)).toBe(true);
  });

  it('refuses a value that does not fit its input, in the panel voice', () => {
    expect(settingValueProblem(known('support-email'), 'not-an-address')).toBe(
      'Enter a valid e-mail address.',
    );
    expect(settingValueProblem(known('order-discount'), '120')).toBe('Enter a number between 0 and 100.');
    expect(settingValueProblem(known('notification.digest-hour'), '25:00')).toBe(
      'Choose a time, such as 08:00.',
    );
    expect(settingValueProblem(known('order-discount'), '')).toBeNull();
  });
});
