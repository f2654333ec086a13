import { nonCertResource, type SuccessEnvelope } from '@facet/contract';
import { nonCertApi } from '../noncert/noncert-api.ts';

type ToggleCall = (id: string, field: string, status: boolean) => Promise<SuccessEnvelope<unknown>>;

/**
 * Resources whose list switch goes through a call of their own rather than boolean-status-update, by
 * resource name: a non-certified lot is activated with the spec's `admin/noncert/toggle`.
 */
export const TOGGLE_CALLS: Readonly<Partial<Record<string, ToggleCall>>> = {
  [nonCertResource.name]: (id, _field, status) => nonCertApi.toggle(id, status),
};
