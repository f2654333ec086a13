import { endpointRefs, type STOCK_SUMMARY_ENDPOINTS } from '@facet/contract';

const TRACK_LIST_MODULES = ['Cart', 'Watchlist', 'Reminder', 'Enquiry', 'Offer'] as const;

/**
 * The staff calls of customer activity, as refs: the screens' chunks hold no schema (docs/performance.md).
 * endpoint-refs.test.ts compares every ref with its declaration. The customer side is not the panel's.
 */
export const STOCK_SUMMARY_REFS = endpointRefs<typeof STOCK_SUMMARY_ENDPOINTS>()({
  trackPaginate: ['POST', 'apis/diamond-track/paginate', { modules: TRACK_LIST_MODULES, action: 'view' }],
  trackExport: ['POST', 'apis/diamond-track/export', { modules: TRACK_LIST_MODULES, action: 'view' }],
  enquiryReply: ['POST', 'apis/diamond-track/enquiry-reply', { module: 'Enquiry', action: 'update' }],
  offerDecision: ['POST', 'apis/diamond-track/offer-decision', { module: 'Offer', action: 'update' }],
  blockPaginate: ['POST', 'apis/stone-block/paginate', { module: 'Hold', action: 'view' }],
  blockExport: ['POST', 'apis/stone-block/export', { module: 'Hold', action: 'view' }],
  blockCreate: ['POST', 'apis/stone-block/create', { module: 'Hold', action: 'insert' }],
  blockUpdate: ['POST', 'apis/stone-block/update', { module: 'Hold', action: 'update' }],
  demandDetails: ['POST', 'admin/dashbord/demanddetails', { module: 'Demand', action: 'view' }],
  demandExport: ['POST', 'apis/Demand/export', { module: 'Demand', action: 'view' }],
  demandStones: ['POST', 'apis/Demand/stones', { module: 'Demand', action: 'view' }],
  demandSummary: ['POST', 'apis/Demand/summary', { module: 'Demand', action: 'view' }],
});
