import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

export const WEEK_DAY_OPTIONS = [
  { value: 1, label: 'Monday' },
  { value: 2, label: 'Tuesday' },
  { value: 3, label: 'Wednesday' },
  { value: 4, label: 'Thursday' },
  { value: 5, label: 'Friday' },
  { value: 6, label: 'Saturday' },
  { value: 7, label: 'Sunday' },
] as const;

/** A time of day, 24-hour: `09:30`. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const SLOT_LIMITS = { minMinutes: 15, maxMinutes: 240 } as const;

export const SLOT_MESSAGES = {
  time: 'Enter a time as HH:MM, such as 09:30.',
  endAfterStart: 'End after the start.',
  tooShort: 'The window must hold at least one slot of this length.',
  overlap: (other: string) => `This overlaps the slot ${other} of the same cabin.`,
  cabinGone: 'Choose a cabin from the list.',
} as const;

/** Minutes since midnight of an `HH:MM` time. */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * When a cabin opens on one week day: from `startTime` to `endTime` in its location's time zone, cut into
 * slots of `slotMinutes`, from `validFrom` (to `validTo`, when set). One cabin's slots may not overlap.
 */
export const slotResource = defineResource({
  name: 'slot',
  title: 'Slot',
  module: 'Slot',
  api: 'apis/slot',
  table: 'cabin_slots',
  // The `slot` screen is the module's week view; this list is the plain one behind it.
  views: [{ route: 'slot/list', title: 'Slots' }],
  titleField: 'startTime',
  defaultSort: { field: 'weekDay', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    // Its location beside it: cabins of the same name in two places read apart in the list.
    cabinId: field.reference('Cabin', 'cabin', {
      required: true,
      filter: 'eq',
      sort: true,
      details: ['locationId'],
    }),
    weekDay: field.enum('Week day', WEEK_DAY_OPTIONS, { required: true, filter: 'eq', sort: true }),
    startTime: field.text('Start', {
      required: true,
      max: 5,
      sort: true,
      help: 'HH:MM, in the location’s time zone.',
    }),
    endTime: field.text('End', { required: true, max: 5, help: 'HH:MM, in the location’s time zone.' }),
    slotMinutes: field.integer('Slot length (minutes)', {
      required: true,
      min: SLOT_LIMITS.minMinutes,
      max: SLOT_LIMITS.maxMinutes,
      defaultValue: 30,
    }),
    validFrom: field.date('Valid from', { required: true, filter: 'range', sort: true }),
    validTo: field.date('Valid to', { filter: 'range' }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
  ranges: [{ from: 'validFrom', to: 'validTo' }],
});
