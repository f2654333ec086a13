import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { deliverNotifications } from '../notifications/notify.ts';
import type { ResourceHooks, WrittenChange } from '../resources/domain-hooks.ts';
import { tellCompanyApproved } from './company-notices.ts';

/**
 * What the generic writes of a company add: when it becomes approved (the details page's toggle, or an
 * edit), its users are told, in the write's transaction, and the notice is delivered once committed.
 * Approving an approved company changes nothing, and tells nobody again.
 */
export const accountHooks: ResourceHooks = {
  async afterWrite(tx: Db, change: WrittenChange) {
    if (change.after.isApproved !== true || change.before?.isApproved === true) return undefined;
    const delivery = await tellCompanyApproved(tx, change.id, change.actorId);
    return (ctx: AppContext) => deliverNotifications(ctx, delivery);
  },
};
