import { field } from '../resources/fields.ts';
import type { ListColumn } from '../resources/list-columns.ts';
import type { BlockRecord, DemandRecord, TrackRecord } from './stock-summary-schemas.ts';
import {
  OFFER_STATUS_OPTIONS,
  STONE_BLOCK_KIND_OPTIONS,
  STONE_BLOCK_STATE_OPTIONS,
  TRACK_TYPE_OPTIONS,
} from './track-types.ts';

const money = (label: string) => field.decimal(label, { scale: 2, display: 'money' });
const carat = field.decimal('Carat', { scale: 2, display: 'carat' });
const grades = [
  { key: 'shape', spec: field.text('Shape') },
  { key: 'color', spec: field.text('Color') },
  { key: 'clarity', spec: field.text('Clarity') },
] as const;

export const TRACK_LIST_KEYS = ['cart', 'watchlist', 'reminder', 'enquiry', 'offer'] as const;
export type TrackListKey = (typeof TRACK_LIST_KEYS)[number];

type TrackColumn = ListColumn<TrackRecord>;

/** The stone and who: what every activity list leads with; `Kind` when the list mixes kinds. */
function trackLead(withKind: boolean): TrackColumn[] {
  return [
    { key: 'stockNumber', spec: field.text('Stock #') },
    ...(withKind ? [{ key: 'trackType', spec: field.enum('Kind', TRACK_TYPE_OPTIONS) }] : []),
    { key: 'stone', spec: field.text('Stone'), file: grades },
    { key: 'carat', spec: carat },
    {
      key: 'userName',
      spec: field.text('Customer'),
      file: [
        { key: 'userName', spec: field.text('Customer') },
        { key: 'username', spec: field.text('Username') },
      ],
    },
    { key: 'accountName', spec: field.text('Company') },
  ];
}

/** What each kind shows of its own: the reminder's moment, the enquiry's question, the offer's terms. */
const TRACK_KIND_COLUMNS: Readonly<Record<TrackListKey, readonly TrackColumn[]>> = {
  cart: [],
  watchlist: [],
  reminder: [{ key: 'reminderDate', spec: field.datetime('Reminder') }],
  enquiry: [
    { key: 'enquiryNumber', spec: field.text('Enquiry #') },
    { key: 'remarks', spec: field.longText('Question') },
    { key: 'reply', spec: field.longText('Reply') },
    {
      key: 'repliedBy',
      spec: field.text('Replied by'),
      file: [
        { key: 'repliedByName', spec: field.text('Replied by') },
        { key: 'repliedAt', spec: field.datetime('Replied at') },
      ],
    },
  ],
  offer: [
    { key: 'offerStatus', spec: field.enum('Status', OFFER_STATUS_OPTIONS) },
    { key: 'offerPricePerCarat', spec: money('Offer price/ct') },
    { key: 'offerAmount', spec: money('Offer amount') },
    { key: 'createdAt', spec: field.datetime('Offer date') },
    { key: 'counterPricePerCarat', spec: money('Counter price/ct') },
    { key: 'counteredAt', spec: field.datetime('Counter date') },
    // Once countered, the counter's date: the offer's own no longer holds.
    { key: 'validUntil', spec: field.datetime('Valid until') },
  ],
};

/**
 * Every kind's list (a company's tab) shows each row's own terms in one column, which its file writes
 * as the columns they come from.
 */
const DETAILS: TrackColumn = {
  key: 'details',
  spec: field.text('Details'),
  file: [
    { key: 'offerStatus', spec: field.enum('Offer status', OFFER_STATUS_OPTIONS) },
    { key: 'offerPricePerCarat', spec: money('Offer price/ct') },
    { key: 'counterPricePerCarat', spec: money('Counter price/ct') },
    { key: 'reminderDate', spec: field.datetime('Reminder') },
    { key: 'remarks', spec: field.longText('Question or remarks') },
  ],
};

/** The price when the customer acted and now, then when they did (an offer shows its date beside its terms). */
function trackPriceColumns(kind: TrackListKey | null): TrackColumn[] {
  return [
    { key: 'pricePerCarat', spec: money('Price/ct') },
    { key: 'discount', spec: field.decimal('Disc %', { scale: 2, display: 'percent' }) },
    { key: 'amount', spec: money('Amount') },
    { key: 'currentAmount', spec: money('Amount now') },
    ...(kind === 'offer' ? [] : [{ key: 'createdAt', spec: field.datetime('Date') }]),
  ];
}

/**
 * The columns of an activity list, a kind's or (null) every kind's of one company: the screen's and its
 * export's, from this one declaration.
 */
export function trackListColumns(kind: TrackListKey | null): TrackColumn[] {
  // A kind's own columns (the reminder's moment, the question, the offer's terms) come right after the
  // stone's number: what the list is for shows first on a narrow screen.
  const [stockNumber, ...lead] = trackLead(kind === null);
  const [kindColumn, ...who] = lead;
  const own = kind ? [...TRACK_KIND_COLUMNS[kind], ...lead] : [kindColumn, DETAILS, ...who];
  return [
    ...(stockNumber ? [stockNumber] : []),
    ...own.filter((column): column is TrackColumn => column !== undefined),
    ...trackPriceColumns(kind),
  ];
}

/** Holds and memos: the screen's and its export's columns. */
export const BLOCK_LIST_COLUMNS: readonly ListColumn<BlockRecord>[] = [
  { key: 'stockNumber', spec: field.text('Stock #') },
  // What the list is for first (which block, where it stands, until when), then whose.
  { key: 'kind', spec: field.enum('Kind', STONE_BLOCK_KIND_OPTIONS) },
  { key: 'state', spec: field.enum('State', STONE_BLOCK_STATE_OPTIONS) },
  { key: 'expiresAt', spec: field.datetime('Until') },
  { key: 'stone', spec: field.text('Stone'), file: [...grades, { key: 'carat', spec: carat }] },
  { key: 'userName', spec: field.text('Customer') },
  { key: 'accountName', spec: field.text('Company') },
  {
    key: 'confirmedBy',
    spec: field.text('Confirmed by'),
    file: [
      { key: 'confirmedByName', spec: field.text('Confirmed by') },
      { key: 'confirmedAt', spec: field.datetime('Confirmed at') },
    ],
  },
  {
    key: 'ended',
    spec: field.text('Ended'),
    file: [
      { key: 'endedAt', spec: field.datetime('Ended') },
      { key: 'endedByName', spec: field.text('Ended by') },
    ],
  },
  { key: 'createdAt', spec: field.datetime('Created') },
];

/** Demands: the screen's and its export's columns. */
export const DEMAND_LIST_COLUMNS: readonly ListColumn<DemandRecord>[] = [
  { key: 'name', spec: field.text('Name') },
  { key: 'matches', spec: field.integer('Matches now') },
  { key: 'userName', spec: field.text('Customer') },
  { key: 'accountName', spec: field.text('Company') },
  { key: 'criteria', spec: field.longText('Stone criteria') },
  { key: 'expiresAt', spec: field.datetime('Expires') },
  { key: 'lastNotifiedAt', spec: field.datetime('Customer last told') },
  { key: 'createdAt', spec: field.datetime('Created') },
];

/**
 * What a demand's matching stones show, fields of the stone as the stock lists them: the server reads
 * only these, the screen shows them with the stock's own cells.
 */
export const DEMAND_STONE_COLUMNS = [
  'stockNumber',
  'shapeId',
  'carat',
  'colorId',
  // A fancy stone's colour, shown in the Color column where the stone has no white grade.
  'fancyColor',
  'clarityId',
  'marketingBack',
  'marketingPricePerCarat',
  'amount',
] as const;
