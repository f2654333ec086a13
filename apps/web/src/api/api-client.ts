import {
  type Envelope,
  type ErrorCode,
  MESSAGES,
  type SUCCESS_CODE,
  type SuccessEnvelope,
} from '@facet/contract';
import { getToken } from '../session/session-store.ts';
import { ApiError } from './api-error.ts';
import { apiEvents } from './api-events.ts';

/**
 * 'session': the signed-in user's token; 'none': the public sign-in journey;
 * `{ token }`: an explicit token (the forced password change's temporary one).
 */
export type ApiAuth = 'session' | 'none' | { token: string };

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  auth?: ApiAuth;
  /** Off when the screen shows the failure itself. */
  toastErrors?: boolean;
}

const UNAUTHORIZED: ErrorCode = 'E_UNAUTHORIZED';
/**
 * The contract's SUCCESS_CODE, checked by type. Importing the value would pull envelope.ts, whose paginate
 * schema the user screens keep alive, and with it zod (about 25 KB gzip) into sign-in's chunks.
 */
const OK: typeof SUCCESS_CODE = 'OK';

function tokenFor(auth: ApiAuth): string | null {
  if (auth === 'none') return null;
  if (auth === 'session') return getToken();
  return auth.token;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  const text = await response.text().catch(() => '');
  if (text.trim() === '') return null;
  try {
    const parsed = JSON.parse(text) as Partial<Envelope<T>>;
    return typeof parsed === 'object' && parsed !== null && typeof parsed.code === 'string'
      ? (parsed as Envelope<T>)
      : null;
  } catch {
    return null;
  }
}

/** Calls the API at `path` (a contract `API` value) and resolves with the OK envelope, else throws ApiError. */
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<SuccessEnvelope<T>> {
  const { method = 'POST', body, auth = 'session', toastErrors = true } = options;
  const token = tokenFor(auth);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `JWT ${token}`;

  const fail = (error: ApiError): never => {
    if (toastErrors) apiEvents().showError(error.message);
    throw error;
  };

  let response: Response;
  try {
    response = await fetch(`/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return fail(new ApiError(MESSAGES.somethingWentWrong, null, 0));
  }

  const envelope = await readEnvelope<T>(response);
  // Only a session can be ended: a wrong password on the public screens also answers E_UNAUTHORIZED.
  if (envelope?.code === UNAUTHORIZED && auth === 'session' && token) apiEvents().onUnauthorized();

  if (envelope === null) return fail(new ApiError(MESSAGES.noResponse, null, response.status));
  if (response.ok && envelope.code === OK) return envelope;
  const errorCode = envelope.code === OK ? null : envelope.code;
  const fieldErrors = 'errors' in envelope ? envelope.errors : undefined;
  return fail(
    new ApiError(
      envelope.message || MESSAGES.somethingWentWrong,
      errorCode,
      response.status,
      fieldErrors ?? [],
    ),
  );
}
