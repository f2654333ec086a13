import { SYNC_ENDPOINTS, SYNC_ENTITIES, SYNC_MESSAGES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { ok } from '../http/envelope.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { runSync } from './run-sync.ts';

/**
 * `POST admin/hk/sync/{entity}` for each entity of SYNC_ENTITIES. As spec section 6 says, a super admin
 * may always sync, anyone else needs the `sync` module (201) with view on.
 */
export function syncRoutes(ctx: AppContext): AppRoute[] {
  return SYNC_ENTITIES.map(({ value: entity, label }) =>
    implement(SYNC_ENDPOINTS[entity], async ({ auth, request }) =>
      ok(SYNC_MESSAGES.done(label), await runSync(ctx, { auth, client: clientInfo(request) }, entity)),
    ),
  );
}
