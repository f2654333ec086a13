import { type SyncResult, syncPath } from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';

/** `POST admin/hk/sync/{entity}`: the answer's message and the run's summary. */
export function runSync(entity: string) {
  return apiRequest<SyncResult>(syncPath(entity));
}
