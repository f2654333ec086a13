/**
 * The appointment list's address in the form its filters read (`status=1&status=2`,
 * `startsAt=2026-11-28~2026-11-29`) from the forms links also use: statuses joined by commas and a day
 * range as `from` and `to` (the dashboard's tiles). Null when the address is already in that form.
 */
export function canonicalListAddress(search: URLSearchParams): URLSearchParams | null {
  const next = new URLSearchParams(search);
  let changed = false;
  const statuses = next.getAll('status');
  if (statuses.some((value) => value.includes(','))) {
    next.delete('status');
    for (const value of statuses.flatMap((entry) => entry.split(','))) {
      if (value.trim() !== '') next.append('status', value.trim());
    }
    changed = true;
  }
  const from = next.get('from');
  const to = next.get('to');
  if (from !== null || to !== null) {
    next.delete('from');
    next.delete('to');
    if (!next.has('startsAt')) next.set('startsAt', `${from ?? ''}~${to ?? ''}`);
    changed = true;
  }
  return changed ? next : null;
}

/**
 * The address the list opens on when it is given none: the bookings from `today` (`YYYY-MM-DD`, the
 * reader's day) on, soonest first by the default sort, rather than the furthest ahead. Null when the
 * address already says what to show.
 */
export function firstAddress(search: URLSearchParams, today: string): URLSearchParams | null {
  return search.toString() === '' ? new URLSearchParams({ startsAt: `${today}~` }) : null;
}
