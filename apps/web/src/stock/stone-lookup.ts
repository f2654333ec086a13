import { STONE_LOOKUP_ENDPOINTS, type StoneLookupRequest, type StoneSummary } from '@facet/contract';
import { call } from '../platform/api/api-client.ts';

/** Query-key root of stone choices; a stone's change elsewhere does not concern them much. */
export const stoneLookupKey = ['stone-lookup'] as const;

/** Live stones by stock or report number; a refusal is the control's to show. */
export function lookUpStones(request: StoneLookupRequest): Promise<StoneSummary[]> {
  return call(STONE_LOOKUP_ENDPOINTS.lookup, request, { toastErrors: false }).then(
    (envelope) => envelope.data,
  );
}
