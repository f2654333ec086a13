import type { EndpointSpec } from './endpoint.ts';

// Apart from the declarations, and free of zod, so the panel's API client stays out of zod's chunk: the
// sign-in screen's first download has no room for it (docs/performance.md).

/** The path of a call, with its parameters filled in and encoded; optional ones (`:id?`) may be left out. */
export function pathOf(endpoint: Pick<EndpointSpec, 'path'>, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/\/:(\w+)(\?)?/g, (_whole, name: string, optional: string | undefined) => {
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`${endpoint.path}: the path parameter ${name} is missing`);
    }
    return `/${encodeURIComponent(value)}`;
  });
}

/** The query string of a call (`?a=1&b=2`), or '' when there is none. */
export function queryStringOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
