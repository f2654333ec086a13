import {
  type CriteriaSavePayload,
  NONCERT_ENDPOINTS,
  nonCertDiamondResource,
  nonCertResource,
  resourceEndpoints,
} from '@facet/contract';
import { call } from '../platform/api/api-client.ts';
import { download } from '../platform/api/download.ts';
import type { ExportFormat } from '../platform/resources/resource-api.ts';

/** A generic endpoint the resource's operations declare (a lot and its stones allow every one). */
function declared<E>(endpoint: E | undefined, name: string): E {
  if (!endpoint) throw new Error(`${name} is not declared`);
  return endpoint;
}

const lot = resourceEndpoints(nonCertResource);
const diamond = resourceEndpoints(nonCertDiamondResource);
const createLot = declared(lot.create, 'the lot create');
const updateLot = declared(lot.update, 'the lot update');
const createDiamond = declared(diamond.create, 'the stone create');

/** The spec's non-certified calls (section 7, "Non-certified"). */
export const nonCertApi = {
  lot: (id: string) =>
    call(NONCERT_ENDPOINTS.view, undefined, { params: { id }, toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  createLot: (body: Record<string, unknown>) => call(createLot, body),
  updateLot: (id: string, body: Record<string, unknown>) => call(updateLot, body, { params: { id } }),
  toggle: (id: string, isActive: boolean) => call(NONCERT_ENDPOINTS.toggle, { id, isActive }),
  criteria: (id: string) =>
    call(NONCERT_ENDPOINTS.criteriaView, undefined, { params: { id }, toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  saveCriteria: (body: CriteriaSavePayload) => call(NONCERT_ENDPOINTS.criteriaCreate, body),
  exportCriteria: (id: string, number: string, format: ExportFormat) =>
    download(NONCERT_ENDPOINTS.criteriaExport, undefined, `criteria-${number}.${format}`, {
      params: { id },
      query: { format },
    }),
  diamond: (id: string) =>
    call(NONCERT_ENDPOINTS.diamond, undefined, { params: { id }, toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  createDiamond: (body: Record<string, unknown>) => call(createDiamond, body),
  updateDiamond: (id: string, body: Record<string, unknown>) =>
    call(NONCERT_ENDPOINTS.updateDiamond, body, { params: { id } }),
};
