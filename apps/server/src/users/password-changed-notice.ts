import { formatDate, PANEL_BASE } from '@facet/contract';
import type { Db } from '../db/client.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';

/**
 * `password-reset`: a security notice to the user whose password was reset (through the mailed link, or
 * by an administrator), so that a reset they did not ask for does not go unnoticed. The forced change
 * of a default password at first sign-in is the user's own doing and tells nobody.
 */
export async function tellPasswordChanged(
  tx: Db,
  user: { id: string; name: string },
  actorId: string,
): Promise<NotificationDelivery> {
  const date = new Date().toISOString().slice(0, 10);
  return notify(tx, {
    action: 'password-reset',
    userIds: [user.id],
    title: 'Your password was changed',
    message: `Your password was changed on ${formatDate(date)}. If this was not you, contact your administrator.`,
    values: { name: user.name, date },
    url: `${PANEL_BASE}/profile`,
    createdBy: actorId,
  });
}
