import { defineServerModule } from '../modules/server-module.ts';
import { passwordRoutes } from './password-routes.ts';
import { registerRoutes } from './register.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { pruneThrottleEvents } from './throttle.ts';

export const authServerModule = defineServerModule({
  name: 'auth',
  routes: (ctx) => [...signInRoutes(ctx), ...registerRoutes(ctx), ...passwordRoutes(ctx)],
  maintenance: (ctx) => pruneThrottleEvents(ctx.db),
});
