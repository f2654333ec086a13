import { resourceRefs, stoneResource } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../platform/api/api-client.ts';
import { MASTER_REFS } from '../platform/api/endpoint-refs.ts';
import type { PaginateBody } from '../platform/lists/list-params.ts';
import { resourceApi } from '../platform/resources/resource-api.ts';

const engine = resourceApi(stoneResource);
// Refs, not the declarations: the stock screen's first download holds no schema (docs/performance.md).
const stoneEndpoints = resourceRefs(stoneResource);

/** The stone endpoints the stock screen calls: the search with its totals, and the engine's others. */
export const stoneApi = {
  ...engine,
  search: (body: PaginateBody) => call(stoneEndpoints.paginate, body).then((envelope) => envelope.data),
};

/** One value of a stock master, as a filter offers it. */
export interface MasterValue {
  id: string;
  name: string;
}

/**
 * The active values of these masters, in their sequence (a colour run D–H is contiguous in it). One
 * request for the whole form; cached for the session, since the vocabularies rarely change.
 */
export function useMasterValues(codes: readonly string[]) {
  return useQuery({
    queryKey: ['resource', 'master', 'by-code', ...codes],
    queryFn: () =>
      call(MASTER_REFS.listByCode, { code: [...codes] }).then(({ data }) => {
        const byCode: Record<string, MasterValue[]> = {};
        for (const code of codes) {
          byCode[code] = (data[code] ?? []).map((row) => ({ id: row.id, name: String(row.name ?? row.id) }));
        }
        return byCode;
      }),
    staleTime: 10 * 60_000,
  });
}
