import {
  type BodyIn,
  type EndpointRef,
  type EndpointSpec,
  MESSAGES,
  type ParamsOf,
  pathOf,
  type QueryIn,
  queryStringOf,
} from '@facet/contract';
import { getToken } from '../session/session-store.ts';
import { ApiError } from './api-error.ts';
import { apiEvents } from './api-events.ts';

/** `attachment; filename="x.csv"` or RFC 5987's `filename*=UTF-8''x.csv`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * POSTs `body` to a file endpoint (or GETs it, `body` then unused) with the session's token and saves
 * the answer under the server's file name. A JSON answer is the server refusing: its message is shown
 * like any other call's.
 */
async function downloadFile(
  path: string,
  body: unknown,
  fallbackName: string,
  method: 'POST' | 'GET' = 'POST',
): Promise<string> {
  const token = getToken();
  const fail = (message: string, status: number): never => {
    apiEvents().showError(message);
    throw new ApiError(message, null, status);
  };
  let response: Response;
  try {
    const authorization: Record<string, string> = token ? { Authorization: `JWT ${token}` } : {};
    response = await fetch(
      `/${path.replace(/^\//, '')}`,
      method === 'GET'
        ? { method, headers: authorization }
        : {
            method,
            headers: { 'Content-Type': 'application/json', ...authorization },
            body: JSON.stringify(body),
          },
    );
  } catch {
    return fail(MESSAGES.somethingWentWrong, 0);
  }
  if (!response.ok || response.headers.get('Content-Type')?.includes('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    if (envelope?.code === 'E_UNAUTHORIZED') apiEvents().onUnauthorized();
    return fail(envelope?.message || MESSAGES.somethingWentWrong, response.status);
  }
  const name = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  save(await response.blob(), name);
  return name;
}

/** A declared endpoint answering a file (`answer: { file }`). */
type FileEndpoint = EndpointSpec & { answer: { file: readonly string[] }; method: 'POST' | 'GET' };

type DownloadOptions<E extends FileEndpoint> = (ParamsOf<E> extends undefined
  ? unknown
  : { params: ParamsOf<E> }) &
  (QueryIn<E> extends undefined ? unknown : { query?: QueryIn<E> });

/**
 * Downloads the file a declared endpoint answers, its body typed by the declaration, and saves it under
 * the server's file name (else `fallbackName`); resolves with the name saved.
 */
export function download<E extends FileEndpoint>(
  endpoint: E | EndpointRef<E>,
  body: BodyIn<E>,
  fallbackName: string,
  ...[options]: ParamsOf<E> extends undefined ? [options?: DownloadOptions<E>] : [options: DownloadOptions<E>]
): Promise<string> {
  const { params, query } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
  };
  return downloadFile(
    `${pathOf(endpoint, params)}${queryStringOf(query)}`,
    body,
    fallbackName,
    endpoint.method,
  );
}
