import { resourcePaths, STOCK_SUMMARY_ENDPOINTS, stoneResource, TRACK_TYPE_MODULES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { sendInBackground } from '../notifications/notification-mail.ts';
import { deliverNotifications, type NotificationDelivery } from '../notifications/notify.ts';

type Context = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'live'>;

const E = STOCK_SUMMARY_ENDPOINTS;
/** The staff lists each kind of change refreshes. */
const LISTS = {
  track: [E.trackPaginate.path, E.customerActivity.path],
  block: [E.blockPaginate.path],
  demand: [E.demandDetails.path, E.demandSummary.path],
} as const;

export type ChangedList = { list: 'track'; trackType: number } | { list: 'block' } | { list: 'demand' };

function moduleOf(change: ChangedList): string {
  if (change.list === 'block') return 'Hold';
  if (change.list === 'demand') return 'Demand';
  return TRACK_TYPE_MODULES[change.trackType as keyof typeof TRACK_TYPE_MODULES] ?? 'Cart';
}

/**
 * After a customer-activity write has committed: its notifications go out, open staff lists of that
 * kind refresh, and any direct mail (an enquiry's reply) is sent. Nothing here can undo the write.
 */
export function afterCommit(
  ctx: Context,
  {
    deliveries = [],
    changed = [],
    mails = [],
  }: {
    deliveries?: readonly NotificationDelivery[];
    changed?: readonly ChangedList[];
    mails?: readonly MailMessage[];
  },
): void {
  for (const delivery of deliveries) deliverNotifications(ctx, delivery);
  sendInBackground(ctx.mailer, ctx.log, mails);
  const events: { module: string; paths: string[] }[] = changed.map((change) => ({
    module: moduleOf(change),
    paths: [...LISTS[change.list]],
  }));
  // A hold or memo changes its stone's status: the stock list refreshes for whoever sees the stock.
  if (changed.some((change) => change.list === 'block')) {
    events.push({ module: stoneResource.module, paths: [resourcePaths(stoneResource).paginate] });
  }
  for (const event of events) {
    ctx.live
      .publish({ kind: 'changed', ...event })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'publishing a live change failed'));
  }
}
