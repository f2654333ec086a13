import { timingSafeEqual } from 'node:crypto';
import { PRIVATE_FILE_LINK_TTL_MS, PRIVATE_FILES_PATH } from '@facet/contract';
import type { TokenSigner } from '../access/tokens.ts';

const PURPOSE = 'file-link';

/** What is signed: the file, not its cosmetic name, and the instant the link stops working. */
function signedText(id: string, expiresSeconds: number): string {
  return `/${PRIVATE_FILES_PATH}/${id.toLowerCase()}\n${expiresSeconds}`;
}

/** The root-relative private address of a file. */
export function privateFileUrl(id: string, name: string): string {
  return `/${PRIVATE_FILES_PATH}/${id}/${name}`;
}

/** `/files/private/{id}/{name}?expires={unix seconds}&signature={hmac}`. */
export function signedFileLink(tokens: TokenSigner, id: string, name: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({
    expires: String(expires),
    signature: tokens.mac(PURPOSE, signedText(id, expires)),
  });
  return `${privateFileUrl(id, name)}?${query.toString()}`;
}

export type FileLinkCheck = 'valid' | 'expired' | 'invalid';

/** Checks a link's query for the file `id`: the signature first, so a forged expiry reads as invalid. */
export function checkFileLink(
  tokens: TokenSigner,
  id: string,
  expires: unknown,
  signature: unknown,
  now = Date.now(),
): FileLinkCheck {
  if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) {
    return 'invalid';
  }
  const expected = Buffer.from(tokens.mac(PURPOSE, signedText(id, Number(expires))));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(expires) * 1000 > now ? 'valid' : 'expired';
}

const PRIVATE_ADDRESS = new RegExp(
  `^/${PRIVATE_FILES_PATH}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/([^/?#]+)$`,
  'i',
);

/** What the panel opens for a stored file address: a fresh signed link for a private file, else the address. */
export function documentFileLink(tokens: TokenSigner, fileUrl: string, now = Date.now()): string {
  const match = PRIVATE_ADDRESS.exec(fileUrl);
  if (!match?.[1] || !match[2]) return fileUrl;
  return signedFileLink(tokens, match[1].toLowerCase(), match[2], new Date(now + PRIVATE_FILE_LINK_TTL_MS));
}
