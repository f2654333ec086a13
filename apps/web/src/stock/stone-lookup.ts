import { STONE_LOOKUP_PATH, type StoneLookupRequest, type StoneSummary } from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';

/** Query-key root of stone choices; a stone's change elsewhere does not concern them much. */
export const stoneLookupKey = ['stone-lookup'] as const;

/** Live stones by stock or report number (`apis/diamond/lookup`); a refusal is the control's to show. */
export function lookUpStones(request: StoneLookupRequest): Promise<StoneSummary[]> {
  return apiRequest<StoneSummary[]>(STONE_LOOKUP_PATH, { body: request, toastErrors: false }).then(
    (envelope) => envelope.data,
  );
}
