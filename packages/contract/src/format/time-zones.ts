import { isKnownTimeZone } from './display-format.ts';

/**
 * Zones the runtime may spell only by their older name (ICU lists Asia/Calcutta, not Asia/Kolkata) or not
 * list at all (UTC): offered as well, so the names people know are there.
 */
const WELL_KNOWN_ZONES = [
  'UTC',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Ho_Chi_Minh',
  'Asia/Yangon',
  'Europe/Kyiv',
  'America/Nuuk',
  'Atlantic/Faroe',
  'Pacific/Kanton',
];

/**
 * Trading cities a zone is not named after, so typing the city finds its zone (Antwerp keeps Brussels'
 * clock).
 */
const OTHER_CITIES: Readonly<Record<string, readonly string[]>> = {
  'Europe/Brussels': ['Antwerp'],
  'Asia/Kolkata': ['Mumbai', 'Surat', 'New Delhi'],
  'Asia/Calcutta': ['Mumbai', 'Surat', 'New Delhi'],
  'Asia/Jerusalem': ['Tel Aviv', 'Ramat Gan'],
  'Asia/Shanghai': ['Beijing', 'Shenzhen'],
  'Europe/Zurich': ['Geneva'],
  'America/Los_Angeles': ['San Francisco'],
  'Asia/Dubai': ['Abu Dhabi'],
  'Africa/Johannesburg': ['Cape Town'],
};

function zonesOfRuntime(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

/** Minutes `timeZone` is ahead of UTC at `at`. */
export function utcOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `UTC+05:30`, `UTC−05:00` (a minus sign, as the panel writes it), `UTC+00:00`. */
export function utcOffsetText(minutes: number): string {
  const absolute = Math.abs(minutes);
  return `UTC${minutes < 0 ? '−' : '+'}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** The city a zone is named after: `America/Argentina/Buenos_Aires` → `Buenos Aires`. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
}

/**
 * A zone in a choice list: `(UTC+01:00) Brussels, Antwerp — Europe/Brussels`, its offset as of `at`
 * (summer time moves it), the cities to find it by, then its exact name.
 */
export function timeZoneChoiceLabel(timeZone: string, at: Date = new Date()): string {
  const offset = `(${utcOffsetText(utcOffsetMinutes(timeZone, at))})`;
  if (timeZone === 'UTC') return `${offset} Coordinated Universal Time — UTC`;
  const cities = [zoneCity(timeZone), ...(OTHER_CITIES[timeZone] ?? [])].join(', ');
  return `${offset} ${cities} — ${timeZone}`;
}

/**
 * The IANA time zones the runtime knows, as a choice list: west to east by their offset at `at`, then by
 * city, each labelled as timeZoneChoiceLabel() writes it. Made where it is shown, not declared: the offsets
 * move with summer time, and the world's zones would weigh on every screen that reads the declarations.
 */
export function timeZoneOptions(at: Date = new Date()): { value: string; label: string }[] {
  return [...new Set([...WELL_KNOWN_ZONES, ...zonesOfRuntime()])]
    .filter((zone) => isKnownTimeZone(zone))
    .map((zone) => ({ zone, offset: utcOffsetMinutes(zone, at), city: zoneCity(zone) }))
    .sort((a, b) => a.offset - b.offset || a.city.localeCompare(b.city) || a.zone.localeCompare(b.zone))
    .map(({ zone }) => ({ value: zone, label: timeZoneChoiceLabel(zone, at) }));
}
