import {
  RESOURCE_MESSAGES,
  recordOutcomeMessage,
  SETTING_ENDPOINTS,
  settingLabelOf,
  settingResource,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { readRecord } from '../resources/read.ts';
import { assertRecordInScope, assertValuesInScope, scopeOf } from '../resources/scope.ts';
import { createRecord, updateRecord } from '../resources/writes.ts';
import { settingIdByKey } from './setting-queries.ts';

/**
 * `POST apis/setting/upsert`: writes the setting with this key (case-insensitive), creating it when
 * missing. The generic endpoints serve the rest (`GET apis/setting/{key}` reads by the key field).
 */
export function settingRoutes(ctx: AppContext) {
  return [
    implement(SETTING_ENDPOINTS.upsert, async ({ body, auth, request }) => {
      const actor = { auth, client: clientInfo(request) };
      const existing = await settingIdByKey(ctx.db, String(body.key));
      let id = existing;
      if (id) {
        const within = scopeOf(settingResource, auth, 'update');
        const current = await readRecord(ctx.db, settingResource, id);
        if (!current) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
        assertRecordInScope(within, current);
        const { key: _key, ...fields } = body;
        assertValuesInScope(within, { ...current, ...fields });
        await updateRecord(ctx, actor, settingResource, id, fields);
      } else {
        assertValuesInScope(scopeOf(settingResource, auth, 'insert'), body);
        id = await createRecord(ctx, actor, settingResource, body);
      }
      const record = await readRecord(ctx.db, settingResource, id);
      if (!record) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
      // Named by its label on the settings screen, which saves through here.
      const label = settingLabelOf(String(record.key));
      return ok(recordOutcomeMessage('setting', label, existing ? 'saved' : 'created'), record);
    }),
  ];
}
