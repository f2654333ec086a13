import type {
  BlockRecord,
  BodyIn,
  DemandRecord,
  DemandStone,
  PaginateResult,
  STOCK_SUMMARY_ENDPOINTS,
  StoneBlockKind,
  TrackPaginatePayload,
  TrackRecord,
} from '@facet/contract';
import { call } from '../platform/api/api-client.ts';
import { download } from '../platform/api/download.ts';
import { READER_TIME_ZONE } from '../platform/lists/format.ts';
import type { PaginateBody } from '../platform/lists/list-params.ts';
import { STOCK_SUMMARY_REFS as R } from './stock-summary-refs.ts';

/**
 * Query keys hold the endpoint's path, so a live 'changed' event naming it refreshes the lists
 * (live/live-queries.ts); the root invalidates every list of the feature after a change made here.
 */
export const stockSummaryKey = ['stock-summary'] as const;
export const trackKey = [...stockSummaryKey, R.trackPaginate.path] as const;
export const blockKey = [...stockSummaryKey, R.blockPaginate.path] as const;
export const demandKey = [...stockSummaryKey, R.demandDetails.path] as const;
export const demandSummaryKey = [...stockSummaryKey, R.demandSummary.path] as const;
export const demandStonesKey = [...stockSummaryKey, R.demandStones.path] as const;

export type ExportFormat = 'xlsx' | 'csv';
export type OfferDecision =
  | { decision: 'accept' | 'reject' }
  | { decision: 'counter'; counterPricePerCarat: number; validUntil?: string; remarks?: string | null };

/** A list's request as its export takes it: the filter, search and sort, not the page or the columns. */
function sheetRequestOf(body: PaginateBody) {
  const { page: _page, limit: _limit, columns: _columns, ...rest } = body;
  return rest;
}

export const stockSummaryApi = {
  // Lists send the reader's zone: a day of their filters is the reader's day, as the dashboard counts it.
  tracks: (body: PaginateBody): Promise<PaginateResult<TrackRecord>> =>
    call(R.trackPaginate, { ...(body as TrackPaginatePayload), timeZone: READER_TIME_ZONE }).then(
      (envelope) => envelope.data,
    ),
  /** `name`: the file's name without its extension (`cart`, `enquiry`). */
  exportTracks: (body: PaginateBody, format: ExportFormat, name = 'customer-activity') =>
    download(
      R.trackExport,
      {
        ...(sheetRequestOf(body) as Omit<TrackPaginatePayload, 'page' | 'limit'>),
        format,
        timeZone: READER_TIME_ZONE,
      },
      `${name}.${format}`,
    ),
  exportBlocks: (body: PaginateBody, format: ExportFormat) =>
    download(
      R.blockExport,
      {
        ...(sheetRequestOf(body) as BodyIn<typeof STOCK_SUMMARY_ENDPOINTS.blockExport>),
        format,
        timeZone: READER_TIME_ZONE,
      },
      `holds-and-memos.${format}`,
    ),
  exportDemands: (body: PaginateBody, format: ExportFormat) =>
    download(
      R.demandExport,
      {
        ...(sheetRequestOf(body) as BodyIn<typeof STOCK_SUMMARY_ENDPOINTS.demandExport>),
        format,
        timeZone: READER_TIME_ZONE,
      },
      `demands.${format}`,
    ),
  reply: (id: string, reply: string) => call(R.enquiryReply, { id, reply }),
  decideOffer: (id: string, decision: OfferDecision) => call(R.offerDecision, { id, ...decision }),
  blocks: (body: PaginateBody): Promise<PaginateResult<BlockRecord>> =>
    call(R.blockPaginate, {
      ...(body as BodyIn<typeof STOCK_SUMMARY_ENDPOINTS.blockPaginate>),
      timeZone: READER_TIME_ZONE,
    }).then((envelope) => envelope.data),
  createBlock: (body: {
    userId: string;
    stoneId: string;
    kind: StoneBlockKind;
    until: string;
    remarks?: string | null;
  }) => call(R.blockCreate, body),
  updateBlock: (id: string, action: 'confirm' | 'extend' | 'release', until?: string) =>
    call(R.blockUpdate, { id, action, ...(until ? { until } : {}) }),
  demands: (body: PaginateBody): Promise<PaginateResult<DemandRecord>> =>
    call(R.demandDetails, {
      ...(body as BodyIn<typeof STOCK_SUMMARY_ENDPOINTS.demandDetails>),
      timeZone: READER_TIME_ZONE,
    }).then((envelope) => envelope.data),
  demandSummary: () => call(R.demandSummary, {}).then((envelope) => envelope.data),
  /** A page of the stones of the stock a demand matches now. */
  demandStones: (id: string, page: number, limit: number): Promise<PaginateResult<DemandStone>> =>
    call(R.demandStones, { id, page, limit }).then((envelope) => envelope.data),
};
