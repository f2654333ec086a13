import {
  NOTIFICATION_ACTIONS,
  type NotificationChannels,
  type NotificationPreferenceList,
  type notificationPreferencesUpdateSchema,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { actionSettings, UNSET_CHANNELS } from './action-setting.ts';
import { notificationPreferences } from './notification-channel-tables.ts';

type PreferencesUpdate = z.output<typeof notificationPreferencesUpdateSchema>;

const isDefault = (choice: NotificationChannels) => choice.inApp && choice.email && choice.push;

/**
 * The user's channels for every action: what the action's setting sends (`available`), and of it what
 * they have not turned off.
 */
export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreferenceList> {
  const [settings, rows] = await Promise.all([
    actionSettings(db),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
  ]);
  const chosen = new Map(rows.map((row) => [row.action, row]));
  return {
    list: NOTIFICATION_ACTIONS.map(({ value, label }) => {
      const available = settings.get(value)?.channels ?? UNSET_CHANNELS;
      const choice = chosen.get(value);
      return {
        action: value,
        label,
        available,
        inApp: available.inApp && (choice?.inApp ?? true),
        email: available.email && (choice?.email ?? true),
        push: available.push && (choice?.push ?? true),
      };
    }),
  };
}

/**
 * Replaces the user's choices. A choice keeping every channel on is the same as none and is not stored;
 * a channel the setting has off may be "on" in a choice and stays off (notify.ts reads both).
 */
export async function savePreferences(db: Db, userId: string, update: PreferencesUpdate): Promise<void> {
  const rows = update.preferences
    .filter((choice) => !isDefault(choice))
    .map((choice) => ({
      userId,
      action: choice.action,
      inApp: choice.inApp,
      email: choice.email,
      push: choice.push,
    }));
  await db.transaction(async (tx) => {
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    if (rows.length > 0) await tx.insert(notificationPreferences).values(rows);
  });
}
