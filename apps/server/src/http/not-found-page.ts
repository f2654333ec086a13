import { type EndpointSpec, PANEL_BASE } from '@facet/contract';
import type { FastifyRequest } from 'fastify';

/**
 * What a browser is shown at an address that is neither the panel nor the API: a page saying so in the
 * words of the panel's own not-found page (the spec's), with the way into the panel, instead of the API's
 * JSON envelope. No script and no inline style, so the
 * panel's content security policy holds.
 */
export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found · Facet</title></head>
<body>
<main>
<h1>Oops, an error has occurred. Page not found!</h1>
<p>There is no page at this address. It may be mistyped, or the page may have moved.</p>
<p><a href="${PANEL_BASE}/dashboard">Go to the Facet panel</a></p>
</main>
</body>
</html>
`;

/** The first segments of the API's paths (`apis`, `admin`, `auth`...): under them, a miss is the API's. */
export function apiRootsOf(endpoints: readonly Pick<EndpointSpec, 'path'>[]): ReadonlySet<string> {
  return new Set(endpoints.map((endpoint) => endpoint.path.split('/')[0] ?? ''));
}

/**
 * A browser's page load outside the API: it asks for HTML first, where API clients ask for JSON or
 * anything; and an address under the API's roots gets the API's answer whoever asks.
 */
export function wantsPage(request: FastifyRequest, apiRoots: ReadonlySet<string>): boolean {
  if (request.method !== 'GET' || !(request.headers.accept ?? '').includes('text/html')) return false;
  const root = request.url.split('?')[0]?.split('/')[1] ?? '';
  return !apiRoots.has(root);
}
