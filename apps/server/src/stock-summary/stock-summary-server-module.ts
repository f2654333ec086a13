import { defineServerModule } from '../modules/server-module.ts';
import {
  expireDemands,
  expireOffers,
  lapseDueBlocks,
  matchDemands,
  sendDueReminders,
} from './activity-jobs.ts';
import { tellArrivals } from './arrival-job.ts';
import { customerActivityRoutes } from './customer-activity-routes.ts';
import { tellPriceChanges } from './price-change-job.ts';
import {
  activityTile,
  commentsTile,
  demandTile,
  enquiriesTile,
  holdsTile,
} from './stock-summary-dashboard.ts';
import { stockSummaryRoutes } from './stock-summary-routes.ts';

/** Customer activity: the diamond track, holds and memos, demands, and the jobs that keep them current. */
export const stockSummaryServerModule = defineServerModule({
  name: 'stock-summary',
  routes: (ctx) => [...stockSummaryRoutes(ctx), ...customerActivityRoutes(ctx)],
  jobs: [
    { name: 'lapse-holds', run: lapseDueBlocks },
    { name: 'expire-offers', run: expireOffers },
    { name: 'due-reminders', run: sendDueReminders },
    { name: 'expire-demands', run: expireDemands },
    { name: 'match-demands', run: matchDemands },
    { name: 'price-changes', run: tellPriceChanges },
    { name: 'new-arrivals', run: tellArrivals },
  ],
  dashboardTiles: {
    activity: activityTile,
    enquiries: enquiriesTile,
    holds: holdsTile,
    demand: demandTile,
    comments: commentsTile,
  },
  tableRows: {
    diamond_tracks: { one: 'customer activity', many: 'customer activities' },
    stone_blocks: { one: 'hold or memo', many: 'holds and memos' },
    stone_demands: { one: 'demand', many: 'demands' },
    stone_demand_matches: { one: 'demand match', many: 'demand matches' },
  },
});
