import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarDayOrInstant } from '../format/calendar-dates.ts';
import {
  SEARCH_HISTORY_MESSAGES,
  SEARCH_HISTORY_SORT_KEYS,
  SEARCH_TYPE_OPTIONS,
  type SearchType,
} from './search-history-rules.ts';

const searchType = z.union(
  SEARCH_TYPE_OPTIONS.map((option) => z.literal(option.value)) as [
    z.ZodLiteral<SearchType>,
    ...z.ZodLiteral<SearchType>[],
  ],
  { error: SEARCH_HISTORY_MESSAGES.invalidSearchType },
);
/** A day (`2026-05-01`, the whole day) or an instant. */
const dayOrInstant = calendarDayOrInstant();
const direction = z.enum(['asc', 'desc', 'ASC', 'DESC']).optional();

export const searchHistorySchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      userId: z.union([z.uuid(), z.array(z.uuid()).min(1).max(100)]).optional(),
      searchType: z.union([searchType, z.array(searchType).min(1).max(5)]).optional(),
      createdAt: z.strictObject({ from: dayOrInstant.optional(), to: dayOrInstant.optional() }).optional(),
    })
    .optional(),
  sort: z
    .strictObject(Object.fromEntries(SEARCH_HISTORY_SORT_KEYS.map((key) => [key, direction])))
    .optional(),
});

/** One criterion of a recorded search, in words: `Shape: Round, Oval`, `Carat: 1 – 1.49`. */
export const searchCriterionSchema = z.object({
  field: z.string(),
  label: z.string(),
  value: z.string(),
});
export type SearchCriterion = z.infer<typeof searchCriterionSchema>;

export const searchHistoryEntrySchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  /** Null when the user was removed for good. */
  userName: z.string().nullable(),
  username: z.string().nullable(),
  searchType: z.number().int(),
  /** The search body as it was sent. */
  body: z.record(z.string(), z.unknown()),
  /** Its filter in words, master values by name. */
  criteria: z.array(searchCriterionSchema),
  resultCount: z.number().int(),
  durationMs: z.number(),
  createdAt: z.string(),
});
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;
