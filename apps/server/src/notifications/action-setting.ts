import type { NotificationChannels } from '@facet/contract';
import { and, eq, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { notificationSettings } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';
import { notificationPreferences } from './notification-channel-tables.ts';

/** What an action's notification setting says: its channels, and its title and message template. */
export interface ActionSetting {
  channels: NotificationChannels;
  title: string | null;
  template: string | null;
}

/** No setting for the action (or no action): shown in the panel, neither mailed nor pushed. */
export const UNSET_CHANNELS: NotificationChannels = { inApp: true, email: false, push: false };
const SILENT: NotificationChannels = { inApp: false, email: false, push: false };

interface SettingRow {
  action: unknown;
  title: unknown;
  template: unknown;
  inApp: unknown;
  email: unknown;
  push: unknown;
  isActive: unknown;
}

function settingsQuery(db: Db) {
  const table = notificationSettings;
  return db
    .select({
      action: columnOf(table, 'action'),
      title: columnOf(table, 'title'),
      template: columnOf(table, 'template'),
      inApp: columnOf(table, 'inApp'),
      email: columnOf(table, 'email'),
      push: columnOf(table, 'push'),
      isActive: columnOf(table, 'isActive'),
    })
    .from(table);
}

/** An inactive setting silences every channel. */
export function toActionSetting(row: SettingRow | undefined): ActionSetting {
  if (!row) return { channels: UNSET_CHANNELS, title: null, template: null };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return {
    channels:
      row.isActive === true
        ? { inApp: row.inApp === true, email: row.email === true, push: row.push === true }
        : SILENT,
    title: text(row.title),
    template: text(row.template),
  };
}

export async function actionSettingOf(db: Db, action: string | null | undefined): Promise<ActionSetting> {
  if (!action) return toActionSetting(undefined);
  const table = notificationSettings;
  const [row] = await settingsQuery(db)
    .where(and(eq(columnOf(table, 'action'), action), isNull(columnOf(table, 'deletedAt'))))
    .limit(1);
  return toActionSetting(row);
}

/** Every live setting, by action (the choices screen shows all actions at once). */
export async function actionSettings(db: Db): Promise<Map<string, ActionSetting>> {
  const rows = await settingsQuery(db).where(isNull(columnOf(notificationSettings, 'deletedAt')));
  return new Map(rows.map((row) => [String(row.action), toActionSetting(row)]));
}

const CHANNEL_COLUMNS = {
  inApp: notificationPreferences.inApp,
  email: notificationPreferences.email,
  push: notificationPreferences.push,
} as const;

/**
 * Users who have not turned `channel` off for `action` (no choice of theirs means the setting decides).
 * Without an action no choice applies.
 */
export function wantsChannel(action: string | null | undefined, channel: keyof NotificationChannels): SQL {
  if (!action) return sql`true`;
  return notExists(
    sql`(select 1 from ${notificationPreferences} where ${and(
      eq(notificationPreferences.userId, users.id),
      eq(notificationPreferences.action, action),
      eq(CHANNEL_COLUMNS[channel], false),
    )})`,
  );
}
