const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Parses `90s`, `15m`, `12h`, `7d` (or a bare number of seconds, as JWT libraries read it) into ms. */
export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d+)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match?.[1]) return undefined;
  const unit = (match[2] ?? 's') as keyof typeof UNIT_MS;
  const value = Number(match[1]) * UNIT_MS[unit];
  return value > 0 ? value : undefined;
}
