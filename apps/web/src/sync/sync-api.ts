import { syncEndpointOf } from '@facet/contract';
import { call } from '../platform/api/api-client.ts';

/** `POST admin/hk/sync/{entity}`: the answer's message and the run's summary. */
export function runSync(entity: string) {
  const endpoint = syncEndpointOf(entity);
  if (!endpoint) throw new Error(`${entity} is not synchronised`);
  return call(endpoint);
}
