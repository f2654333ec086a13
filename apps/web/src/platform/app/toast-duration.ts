import { MESSAGE_AUTO_HIDE_MS } from '@facet/contract';

/** A steady reading pace: about 15 characters a second, so a sentence stays long enough to be read. */
const CHARACTERS_PER_SECOND = 15;
/** Past this a toast only hides what is under it; hovering still holds it. */
const LONGEST_TOAST_MS = 10_000;

/** How long a toast of `text` stays: as long as it takes to read, never shorter than the spec's time. */
export function toastDurationMs(text: string): number {
  const reading = Math.ceil((text.length / CHARACTERS_PER_SECOND) * 1000);
  return Math.min(LONGEST_TOAST_MS, Math.max(MESSAGE_AUTO_HIDE_MS, reading));
}
