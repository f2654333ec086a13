import { z } from 'zod';

/**
 * Dates the database can hold. ISO text allows year 0000, which PostgreSQL has not (1 BC follows AD 1), and
 * an offset can move `0001-01-01T00:30+01:00` there: every date a request carries is read through these.
 * A moment computed from one (the day after a range's last day) is checked with this.
 */
export const inCalendarYears = (moment: Date): boolean => {
  const year = moment.getUTCFullYear();
  return year >= 1 && year <= 9999;
};
const inCalendar = (text: string): boolean => inCalendarYears(new Date(text));

const INVALID_DATE = 'Choose a valid date.';

/** A day (`2026-05-01`) of the years 1 to 9999. */
export const calendarDay = (error = INVALID_DATE) => z.iso.date({ error }).refine(inCalendar, { error });

/** An instant with its offset (`2026-05-01T10:30:00+04:00`) of the years 1 to 9999. */
export const calendarInstant = (error = INVALID_DATE) =>
  z.iso.datetime({ offset: true, error }).refine(inCalendar, { error });

/** A day (the whole day) or an instant, as list filters take them. */
export const calendarDayOrInstant = (error?: string) => z.union([calendarDay(error), calendarInstant(error)]);
