import { isSafeLink } from '@facet/contract';

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * The http(s) address in `text` as the browser reads it (scheme lower-cased, spaces encoded), or null
 * for anything else: a pasted address is kept only when it is a web page or file, never `javascript:`
 * or `data:`. The written form passes the server's check of file addresses (`https?://`).
 */
export function httpAddressOf(text: string): string | null {
  const typed = text.trim();
  if (!URL.canParse(typed)) return null;
  const url = new URL(typed);
  return WEB_PROTOCOLS.has(url.protocol) && url.hostname ? url.href : null;
}

/**
 * `value` when the panel may make it a link or an image source (the contract's rule for link fields:
 * http(s), or a path without a scheme), else null. Values stored before that rule, or written around
 * it, are shown as text instead: nothing a click could run becomes a link.
 */
export function linkableUrl(value: unknown): string | null {
  return typeof value === 'string' && value !== '' && isSafeLink(value, 'web') ? value : null;
}
