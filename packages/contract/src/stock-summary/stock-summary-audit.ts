import { defineAuditEntity } from '../resources/audit-entity.ts';
import { field } from '../resources/fields.ts';
import {
  OFFER_STATUS_OPTIONS,
  STONE_BLOCK_KIND_OPTIONS,
  STONE_BLOCK_STATE_OPTIONS,
  TRACK_TYPE_OPTIONS,
} from './track-types.ts';

const money = (label: string) => field.decimal(label, { scale: 2, display: 'money' });

/** How the trail reads a customer's activity on a stone: added, removed, replied, decided. */
export const diamondTrackAuditEntity = defineAuditEntity({
  name: 'diamondTrack',
  title: 'Customer activity',
  table: 'diamond_tracks',
  fields: {
    trackType: field.enum('Kind', TRACK_TYPE_OPTIONS),
    userId: field.user('Customer'),
    accountId: field.reference('Company', 'account'),
    stoneId: field.reference('Stone', 'diamond'),
    pricePerCarat: money('Price/ct'),
    discount: field.decimal('Rap discount %', { scale: 2, display: 'percent' }),
    amount: money('Amount'),
    remarks: field.longText('Remarks'),
    reminderDate: field.datetime('Reminder'),
    enquiryNumber: field.text('Enquiry #'),
    offerPricePerCarat: money('Offer price/ct'),
    offerStatus: field.enum('Offer status', OFFER_STATUS_OPTIONS),
    validUntil: field.datetime('Valid until'),
    counterPricePerCarat: money('Counter price/ct'),
    /** On acceptance: the price agreed, the counter's when the offer was countered. */
    acceptedPricePerCarat: money('Accepted price/ct'),
    counteredAt: field.datetime('Countered'),
    reply: field.longText('Reply'),
  },
  actions: {
    'diamondTrack.create': 'Customer activity added',
    'diamondTrack.delete': 'Customer activity removed',
    'diamondTrack.reply': 'Enquiry answered',
    'diamondTrack.accept': 'Offer accepted',
    'diamondTrack.reject': 'Offer rejected',
    'diamondTrack.counter': 'Offer countered',
    'diamondTrack.expire': 'Offer expired',
  },
});

/** How the trail reads holds and memos. */
export const stoneBlockAuditEntity = defineAuditEntity({
  name: 'stoneBlock',
  title: 'Hold or memo',
  table: 'stone_blocks',
  fields: {
    kind: field.enum('Kind', STONE_BLOCK_KIND_OPTIONS),
    state: field.enum('State', STONE_BLOCK_STATE_OPTIONS),
    userId: field.user('Customer'),
    accountId: field.reference('Company', 'account'),
    stoneId: field.reference('Stone', 'diamond'),
    expiresAt: field.datetime('Until'),
    remarks: field.longText('Remarks'),
  },
  actions: {
    'stoneBlock.create': 'Stone held',
    'stoneBlock.confirm': 'Hold confirmed',
    'stoneBlock.extend': 'Hold extended',
    'stoneBlock.release': 'Stone released',
    'stoneBlock.lapse': 'Hold lapsed',
  },
});

/** How the trail reads a customer's demands. */
export const demandAuditEntity = defineAuditEntity({
  name: 'stoneDemand',
  title: 'Demand',
  table: 'stone_demands',
  titleField: 'name',
  fields: {
    name: field.text('Name'),
    userId: field.user('Customer'),
    expiresAt: field.datetime('Expires'),
    filter: field.json('Stone criteria'),
  },
});
