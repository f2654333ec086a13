import { z } from 'zod';
import { isKnownTimeZone } from '../format/display-format.ts';
import { RESOURCE_MESSAGES, SHEET_FORMATS } from './field-rules.ts';

/** One of the options' values; the error names the kind of value wanted. */
export const literalsOf = (options: readonly { value: number }[], error: string) => {
  const values: readonly number[] = options.map((option) => option.value);
  return z
    .number({ error })
    .int({ error })
    .refine((value) => values.includes(value), { error });
};

/** A filter value given once or as a list of a hundred at most. */
export const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(100)]);

/** A sort direction; the old panel's clients send it in capitals. */
export const sortDirection = z.enum(['asc', 'desc', 'ASC', 'DESC']).optional();

/** A list's `sort`: a direction by any of its sort keys, and no other key. */
export const sortOf = <const K extends readonly string[]>(keys: K) =>
  z.strictObject(
    Object.fromEntries(keys.map((key) => [key, sortDirection])) as Record<K[number], typeof sortDirection>,
  );

/**
 * The reader's IANA time zone (`Europe/Brussels`): a list reads a day of its filters (`2026-11-28`) as
 * that day on the reader's clock, and an export writes its times there; default UTC.
 */
export const readerTimeZone = z
  .string()
  .refine((zone) => zone.length <= 64 && isKnownTimeZone(zone), {
    error: RESOURCE_MESSAGES.unknownTimeZone,
  })
  .optional();

/** What an export adds to its list's request: the file's format and the reader's zone. */
export const exportRequestFields = {
  format: z.enum(SHEET_FORMATS).default('xlsx'),
  timeZone: readerTimeZone,
};
