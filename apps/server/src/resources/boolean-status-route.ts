import { RESOURCE_ENDPOINTS, RESOURCE_MESSAGES, toggleOutcomeMessage } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { fieldError, HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { readRecord } from './read.ts';
import { assertRecordInScope, scopeOf } from './scope.ts';
import { updateRecord } from './writes.ts';

/**
 * `admin/common/boolean-status-update` `{id, model, fieldName, status}`: flips a declared `toggle`
 * field of any resource. The access plugin checks `update` on the model's module once the body is valid.
 */
export function booleanStatusRoutes(ctx: AppContext) {
  return [
    implement(RESOURCE_ENDPOINTS.booleanStatusUpdate, async ({ body, auth, request }) => {
      const resource = ctx.contract.resourceByName.get(body.model);
      if (!resource) throw fieldError('model', RESOURCE_MESSAGES.unknownModel);
      if (!resource.fields[body.fieldName]?.toggle) {
        throw fieldError('fieldName', RESOURCE_MESSAGES.fieldNotToggleable);
      }
      // A resource scoped by view: the row must be one the caller's modules reach.
      const current = await readRecord(ctx.db, resource, body.id);
      if (!current) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
      assertRecordInScope(scopeOf(resource, auth, 'update'), current);
      const actor = { auth, client: clientInfo(request) };
      await updateRecord(ctx, actor, resource, body.id, { [body.fieldName]: body.status }, 'status');
      const record = await readRecord(ctx.db, resource, body.id);
      if (!record) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
      return ok(toggleOutcomeMessage(resource, record, body.fieldName, body.status), record);
    }),
  ];
}
