import {
  type BodyIn,
  type DataOf,
  type EndpointSpec,
  type ErrorEnvelope,
  type FieldError,
  pathOf,
  queryStringOf,
} from '@facet/contract';

/**
 * The typed client of the API and browser test suites: a call names a declared endpoint, so its body and
 * the `data` it answers are typed by the contract, and a path or method cannot be mistyped.
 */
export interface EndpointCallOptions {
  token?: string;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: { code: string; message: string; data: T; errors?: FieldError[] } & Partial<ErrorEnvelope>;
  headers: Headers;
}

/** Sends any request and reads its answer (JSON when it is JSON, else the text). */
export async function sendRequest<T = unknown>(
  baseUrl: string,
  method: string,
  apiPath: string,
  options: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `JWT ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${baseUrl}/${apiPath.replace(/^\//, '')}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Non-JSON answers (files) are kept as text.
  }
  return { status: response.status, body: parsed as ApiResponse<T>['body'], headers: response.headers };
}

/** Calls an endpoint and answers whatever came back, success or error, for the test to assert. */
export function requestEndpoint<E extends EndpointSpec>(
  baseUrl: string,
  endpoint: E,
  body?: BodyIn<E>,
  options: EndpointCallOptions = {},
): Promise<ApiResponse<DataOf<E>>> {
  const apiPath = `${pathOf(endpoint, options.params)}${queryStringOf(options.query)}`;
  return sendRequest<DataOf<E>>(baseUrl, endpoint.method, apiPath, {
    body,
    token: options.token,
    headers: options.headers,
  });
}

/** Calls an endpoint for a test's arrangements: answers its `data`, and throws on anything but OK. */
export async function callEndpoint<E extends EndpointSpec>(
  baseUrl: string,
  endpoint: E,
  body?: BodyIn<E>,
  options: EndpointCallOptions = {},
): Promise<DataOf<E>> {
  const response = await requestEndpoint(baseUrl, endpoint, body, options);
  if ((response.body?.code as string | undefined) !== 'OK') {
    throw new Error(
      `${endpoint.method} ${endpoint.path} answered ${response.status} ${JSON.stringify(response.body)}`,
    );
  }
  return response.body.data;
}
