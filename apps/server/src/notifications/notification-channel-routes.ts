import { NOTIFICATION_CHANNEL_ENDPOINTS, NOTIFICATION_CHANNEL_MESSAGES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { fieldError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { preferencesOf, savePreferences } from './notification-preferences.ts';
import { vapidKeysOf } from './notification-push.ts';
import { isPublicPushEndpoint } from './push-endpoint-guard.ts';
import { subscribe, unsubscribe } from './push-subscriptions.ts';

const M = NOTIFICATION_CHANNEL_MESSAGES;

/** Each signed-in user's own channels and push browsers; a user's choices are not audited. */
export function notificationChannelRoutes(ctx: AppContext) {
  return [
    implement(NOTIFICATION_CHANNEL_ENDPOINTS.preferences, async ({ auth }) =>
      ok(M.preferences, await preferencesOf(ctx.db, auth.user.id)),
    ),
    implement(NOTIFICATION_CHANNEL_ENDPOINTS.savePreferences, async ({ body, auth }) => {
      await savePreferences(ctx.db, auth.user.id, body);
      return ok(M.preferencesSaved, await preferencesOf(ctx.db, auth.user.id));
    }),
    implement(NOTIFICATION_CHANNEL_ENDPOINTS.pushKey, async () =>
      ok(M.pushKey, { publicKey: vapidKeysOf(ctx.config, ctx.log).publicKey }),
    ),
    implement(NOTIFICATION_CHANNEL_ENDPOINTS.subscribePush, async ({ body, auth, request }) => {
      if (!ctx.config.pushPrivateEndpoints && !isPublicPushEndpoint(body.endpoint)) {
        throw fieldError('endpoint', M.endpointInvalid);
      }
      await subscribe(ctx.db, auth.user.id, body, request.headers['user-agent']);
      return ok(M.subscribed, { subscribed: true });
    }),
    implement(NOTIFICATION_CHANNEL_ENDPOINTS.unsubscribePush, async ({ body, auth }) => {
      await unsubscribe(ctx.db, auth.user.id, body.endpoint);
      return ok(M.unsubscribed, { subscribed: false });
    }),
  ];
}
