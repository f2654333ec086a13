import { SYNC_LIMITS, SYNC_MESSAGES } from '@facet/contract';
import { HttpError } from '../http/envelope.ts';

export interface SyncSource {
  /** Base URL without a trailing slash (config.syncSourceUrl). */
  url: string;
  token: string | undefined;
}

export interface SourceLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRecords: number;
}

export const SOURCE_LIMITS: SourceLimits = {
  timeoutMs: SYNC_LIMITS.timeoutSeconds * 1000,
  maxBytes: SYNC_LIMITS.maxMegabytes * 1024 * 1024,
  maxRecords: SYNC_LIMITS.maxRecords,
};

/** The stock system failed us, not the caller: a 502 with a message saying how. */
function sourceFailure(message: string): HttpError {
  return new HttpError('E_ERROR', message, { status: 502 });
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The lowest-level reason fetch gives (ECONNREFUSED, ENOTFOUND, "other side closed"). */
function reasonOf(error: unknown): string {
  let current: unknown = error;
  let reason = 'network error';
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    reason = typeof code === 'string' ? code : current.message;
    current = current.cause;
  }
  return reason.slice(0, 200);
}

/** The body as text, refused once it passes `maxBytes` (whatever Content-Length claimed). */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw sourceFailure(SYNC_MESSAGES.sourceTooLarge);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw sourceFailure(SYNC_MESSAGES.sourceTooLarge);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * `GET {source}/{entity}` with the bearer token: the records of `{list: [...]}`. Anything else (no
 * answer, a slow one, an HTTP error, a body too big, not JSON, not that shape, too many records) is a
 * 502 saying which, and nothing has been changed yet.
 */
export async function fetchSourceList(
  source: SyncSource,
  entity: string,
  limits: SourceLimits = SOURCE_LIMITS,
): Promise<unknown[]> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (source.token) headers.authorization = `Bearer ${source.token}`;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let text: string;
  try {
    const response = await fetch(`${source.url}/${encodeURIComponent(entity)}`, { headers, signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw sourceFailure(SYNC_MESSAGES.sourceStatus(response.status));
    }
    text = await readCapped(response, limits.maxBytes);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isTimeout(error)) throw sourceFailure(SYNC_MESSAGES.sourceTimeout);
    throw sourceFailure(SYNC_MESSAGES.sourceUnreachable(reasonOf(error)));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw sourceFailure(SYNC_MESSAGES.sourceNotJson);
  }
  const list = (parsed as { list?: unknown } | null)?.list;
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(list)) {
    throw sourceFailure(SYNC_MESSAGES.sourceNotJson);
  }
  if (list.length > limits.maxRecords) throw sourceFailure(SYNC_MESSAGES.sourceTooManyRecords);
  return list;
}
