import path from 'node:path';

/** Longest stored name, extension included; it travels in URLs and Content-Disposition headers. */
export const MAX_FILE_NAME_LENGTH = 100;
const FALLBACK_BASE = 'file';

/**
 * A client's file name made safe to store, to put in a URL path segment and in a header: the last
 * path segment only (either slash), accents folded, every character outside `A-Z a-z 0-9 . _ -`
 * replaced by `-`, no leading dot or dash (no hidden files, no `..`), a lowercase extension, and at
 * most MAX_FILE_NAME_LENGTH characters with the extension kept.
 */
export function sanitiseFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  const dot = lastSegment.lastIndexOf('.');
  const ext = (dot >= 0 ? fold(lastSegment.slice(dot + 1)) : '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
    .slice(0, 10);
  const room = MAX_FILE_NAME_LENGTH - (ext ? ext.length + 1 : 0);
  const base =
    trimEdges(fold(dot >= 0 ? lastSegment.slice(0, dot) : lastSegment).slice(0, room)) || FALLBACK_BASE;
  return ext ? `${base}.${ext}` : base;
}

function fold(text: string): string {
  return trimEdges(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/\.{2,}/g, '.'),
  );
}

/** No leading dot or dash (hidden files, options), no trailing one. */
function trimEdges(text: string): string {
  return text.replace(/^[.-]+/, '').replace(/[.-]+$/, '');
}

/** The lowercase extension of an already sanitised name, '' when it has none. */
export function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}
