import {
  type BodyIn,
  type DataOf,
  type EndpointRef,
  type EndpointSpec,
  type Envelope,
  type ErrorCode,
  MESSAGES,
  type ParamsOf,
  pathOf,
  type QueryIn,
  queryStringOf,
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

/** How a call is made: who makes it, and whether a failure is toasted. */
export interface CallOptions {
  auth?: ApiAuth;
  /** Off when the screen shows the failure itself. */
  toastErrors?: boolean;
}

type Needs<E extends EndpointSpec> = (ParamsOf<E> extends undefined ? unknown : { params: ParamsOf<E> }) &
  (QueryIn<E> extends undefined ? unknown : { query?: QueryIn<E> });

/** The body (none for an endpoint without one), then the options, with the path parameters it needs. */
export type CallArgs<E extends EndpointSpec> =
  ParamsOf<E> extends undefined
    ? BodyIn<E> extends undefined
      ? [body?: undefined, options?: CallOptions & Needs<E>]
      : [body: BodyIn<E>, options?: CallOptions & Needs<E>]
    : [body: BodyIn<E>, options: CallOptions & Needs<E>];

/**
 * Calls a declared endpoint, or its ref (EndpointRef: its method and path without its schemas), and
 * resolves with its OK envelope, typed by the declaration; else throws ApiError (toasted unless the screen
 * shows it).
 */
export function call<E extends EndpointSpec>(
  endpoint: E | EndpointRef<E>,
  ...[body, options]: CallArgs<E>
): Promise<SuccessEnvelope<DataOf<E>>> {
  const { params, query, ...rest } = (options ?? {}) as CallOptions & {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
  };
  return apiRequest<DataOf<E>>(`${pathOf(endpoint, params)}${queryStringOf(query)}`, {
    ...rest,
    method: endpoint.method,
    body,
  });
}

/** Calls the API at `path` and resolves with the OK envelope, else throws ApiError. */
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
  // Only a session can be ended: a wrong password on the public screens also answers E_UNAUTHORIZED. A
  // call made with the session's token given explicitly (the login user's prefetch) ends it too.
  const ofSession = auth === 'session' || (typeof auth === 'object' && auth.token === getToken());
  if (envelope?.code === UNAUTHORIZED && ofSession && token) apiEvents().onUnauthorized();

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

/** An upload's options: a call's, its path parameters, and a report of the share of bytes sent. */
type MultipartOptions<E extends EndpointSpec> = CallOptions &
  (ParamsOf<E> extends undefined ? unknown : { params: ParamsOf<E> }) & {
    onProgress?: (percent: number) => void;
  };

/**
 * Sends `form` to a declared multipart endpoint (an upload), or its ref, and resolves with its OK envelope, typed by
 * the declaration; else rejects with ApiError (toasted unless the screen shows it). XMLHttpRequest, as
 * fetch cannot report the bytes sent.
 */
export function callMultipart<E extends EndpointSpec & { multipart: object }>(
  endpoint: E | EndpointRef<E>,
  form: FormData,
  ...[options]: ParamsOf<E> extends undefined
    ? [options?: MultipartOptions<E>]
    : [options: MultipartOptions<E>]
): Promise<SuccessEnvelope<DataOf<E>>> {
  const {
    auth = 'session',
    toastErrors = true,
    onProgress,
    ...rest
  } = (options ?? {}) as CallOptions & {
    params?: Record<string, string>;
    onProgress?: (percent: number) => void;
  };
  const token = tokenFor(auth);
  return new Promise((resolve, reject) => {
    const fail = (error: ApiError) => {
      if (toastErrors) apiEvents().showError(error.message);
      reject(error);
    };
    const request = new XMLHttpRequest();
    request.open(endpoint.method, `/${pathOf(endpoint, rest.params)}`);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `JWT ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => fail(new ApiError(MESSAGES.networkError, null, 0));
    request.onload = () => {
      let envelope: Envelope<DataOf<E>> | null = null;
      try {
        envelope = JSON.parse(request.responseText) as Envelope<DataOf<E>>;
      } catch {
        envelope = null;
      }
      if (envelope?.code === OK) {
        resolve(envelope);
        return;
      }
      if (envelope?.code === UNAUTHORIZED && auth === 'session' && token) apiEvents().onUnauthorized();
      const errors = envelope && 'errors' in envelope ? (envelope.errors ?? []) : [];
      fail(
        new ApiError(
          envelope?.message || MESSAGES.somethingWentWrong,
          envelope?.code ?? null,
          request.status,
          errors,
        ),
      );
    };
    request.send(form);
  });
}
