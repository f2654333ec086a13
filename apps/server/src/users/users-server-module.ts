import { defineServerModule } from '../modules/server-module.ts';
import { guestRoutes } from './guest-routes.ts';
import { seedSuperAdmin } from './seed.ts';
import { userRoutes } from './user-routes.ts';

export const usersServerModule = defineServerModule({
  name: 'users',
  routes: (ctx) => [...userRoutes(ctx), ...guestRoutes(ctx)],
  // A company's or a role's users keep it in use.
  tableRows: { users: { one: 'user', many: 'users' } },
  // The first super admin, from the configuration, so a fresh database can be signed in to.
  onStart: ({ db, config, log }) => seedSuperAdmin(db, config, log),
});
