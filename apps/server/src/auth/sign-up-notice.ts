import { type ContactEntry, PANEL_BASE, primaryContact } from '@facet/contract';
import type { Db } from '../db/client.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { staffAdmins } from '../notifications/staff-following.ts';

/** The panel's user list, where an administrator activates the new person. */
const USERS_PAGE = `${PANEL_BASE}/user`;

/** `sign-up`: someone signed up and waits, inactive, for an administrator; the admins are told. */
export async function tellSignUp(
  tx: Db,
  user: { id: string; name: string; emails: readonly ContactEntry[] },
): Promise<NotificationDelivery> {
  const email = primaryContact(user.emails) ?? '';
  return notify(tx, {
    action: 'sign-up',
    // The admins who may activate users.
    userIds: await staffAdmins(tx, 'User'),
    title: `New sign-up: ${user.name}`,
    message: `${user.name} (${email}) signed up and waits for an administrator to activate the account.`,
    values: { name: user.name, date: new Date().toISOString().slice(0, 10) },
    module: 'User',
    url: USERS_PAGE,
    // Nobody signed in did it: the newcomer is not yet a user anyone can act as.
    createdBy: null,
  });
}
