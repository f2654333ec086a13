import { field } from '../resources/fields.ts';
import { defineResource } from '../resources/resource.ts';

// The journey's resource and vocabulary, apart from its schemas and free of zod: screens read them.

/**
 * The stages of a stone's way from the mine to the showcase, in the order they happen; events of one
 * day sort by it.
 */
export const JOURNEY_STAGES = [
  { value: 'mined', label: 'Mined' },
  { value: 'rough_sorted', label: 'Rough sorted' },
  { value: 'exported', label: 'Exported (Kimberley Process)' },
  { value: 'planned', label: 'Planned' },
  { value: 'cut', label: 'Cut' },
  { value: 'polished', label: 'Polished' },
  { value: 'graded', label: 'Graded' },
  { value: 'certified', label: 'Certified' },
  { value: 'inscribed', label: 'Laser inscribed' },
  { value: 'in_stock', label: 'In stock' },
  { value: 'other', label: 'Other' },
] as const;

export const JOURNEY_MESSAGES = {
  mediaUrl: 'Upload a file or enter an http(s) address for the media.',
  stoneOrStockNumber: 'Enter a stone id or a stock number.',
  stoneNotFound: 'No stone with this id or stock number was found.',
} as const;

/**
 * One event of a stone's journey (Diamond Journey): what happened to it, when and where, with an
 * optional photo, video or document. Written through the engine's endpoints under
 * `admin/diamond-origin/event`, so each change is in the event's history; the journey screen
 * (`diamond-journey`) shows them as a timeline, hence no list view of their own.
 */
export const diamondJourneyEventResource = defineResource({
  name: 'diamondJourneyEvent',
  title: 'Journey event',
  module: 'Diamond Journey',
  api: 'admin/diamond-origin/event',
  table: 'diamond_journey_events',
  views: [],
  titleField: 'stage',
  defaultSort: { field: 'eventDate', direction: 'asc' },
  operations: { create: true, update: true, delete: 'soft', export: false },
  fields: {
    stoneId: field.reference('Stone', 'diamond', { required: true, filter: 'eq' }),
    stage: field.enum('Stage', JOURNEY_STAGES, { required: true, filter: 'eq', sort: true }),
    eventDate: field.date('Date', { required: true, filter: 'range', sort: true }),
    place: field.text('Place', { max: 200 }),
    description: field.longText('Description', { max: 4000 }),
    mediaUrl: field.image('Media', {
      max: 1000,
      list: false,
      help: 'An uploaded photo, video or PDF, or an http(s) address.',
    }),
  },
});

/** Root-relative (an upload's `/files/...`) or http(s): nothing a link could run. */
export function isSafeMediaUrl(value: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value);
}
