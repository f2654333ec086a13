import { NOTIFICATION_LIMITS } from '@facet/contract';

/** The placeholders a notification setting's template may hold ({name}, {stone}, {company}, {date}). */
export interface NotifyValues {
  name?: string;
  stone?: string;
  company?: string;
  date?: string;
}

const PLACEHOLDER = /\{(name|stone|company|date)\}/g;

/**
 * The template with the values it names filled in. A placeholder without a value, and any other text in
 * braces, stays as written, so a setting's mistake shows rather than vanishes.
 */
export function fillTemplate(
  template: string,
  values: NotifyValues = {},
  max: number = NOTIFICATION_LIMITS.message,
): string {
  const filled = template.replace(PLACEHOLDER, (match, key: keyof NotifyValues) => values[key] ?? match);
  return filled.length > max ? filled.slice(0, max) : filled;
}
