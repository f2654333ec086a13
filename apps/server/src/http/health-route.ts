import { API } from '@facet/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { ok } from './envelope.ts';
import { at, defineRoute } from './route.ts';

export function healthRoutes(ctx: AppContext) {
  return [
    defineRoute({
      method: 'GET',
      url: at(API.health),
      access: { public: true },
      handler: async () => {
        await ctx.db.execute(sql`select 1`);
        return ok('healthy', { database: 'ok', uptimeSeconds: Math.round(process.uptime()) });
      },
    }),
  ];
}
