import { formatDate, NOTIFICATION_LIMITS } from '@facet/contract';

/** The placeholders a notification setting's template may hold ({name}, {stone}, {company}, {date}, {status}). */
export interface NotifyValues {
  name?: string;
  stone?: string;
  company?: string;
  /** A calendar date (`2026-11-27`); today when the event names none. */
  date?: string;
  /** What a status change made of its record, in words ("done", "approved"). */
  status?: string;
}

const PLACEHOLDER = /\{(name|stone|company|date|status)\}/g;

/** What a placeholder left empty leaves behind: ", ," and ", ." and doubled spaces. */
function tidy(text: string): string {
  return text
    .replace(/\s*,(?:\s*,)+/g, ',')
    .replace(/\s*,\s*([.!?:;])/g, '$1')
    .replace(/\s+,/g, ',')
    .replace(/:\s*([.!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/**
 * The template with the values filled in, dates written as the panel writes them. A setting serves
 * every event of its action and not every event has every value (a sign-up names no stone): a
 * placeholder without a value is left out, with the comma or space it leaves, rather than shown in
 * braces to the person told.
 */
export function fillTemplate(
  template: string,
  values: NotifyValues = {},
  max: number = NOTIFICATION_LIMITS.message,
): string {
  const date = formatDate(values.date ?? new Date().toISOString().slice(0, 10));
  const filled = tidy(
    template.replace(PLACEHOLDER, (_match, key: keyof NotifyValues) =>
      key === 'date' ? date : (values[key] ?? ''),
    ),
  );
  return filled.length > max ? filled.slice(0, max) : filled;
}
