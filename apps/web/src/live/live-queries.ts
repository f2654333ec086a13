/**
 * Which cached queries a 'changed' event refreshes. A resource's lists and records are cached under
 * `['resource', name, ...]` (platform/resources/resource-api.ts): the event's paths name the resource by its
 * API base ('apis/banner/paginate' is under 'apis/banner'). A screen of its own refreshes when its query
 * key holds the endpoint path itself (`['customer-activity', 'apis/diamond-track/paginate', body]`).
 */
export function matchesChangedPaths(
  queryKey: readonly unknown[],
  paths: readonly string[],
  resourceApis: ReadonlyMap<string, string>,
): boolean {
  if (queryKey[0] === 'resource' && typeof queryKey[1] === 'string') {
    const api = resourceApis.get(queryKey[1]);
    if (api && paths.some((path) => path === api || path.startsWith(`${api}/`))) return true;
  }
  return queryKey.some((part) => typeof part === 'string' && paths.includes(part));
}

/** How long to wait before the next try after `failures` failed ones: 1 s, doubling, at most a minute. */
export function retryDelay(failures: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));
}
