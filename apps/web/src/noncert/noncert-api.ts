import {
  type CriteriaData,
  type CriteriaSavePayload,
  NONCERT_PATHS,
  nonCertDiamondResource,
  nonCertResource,
  type ResourceRecord,
  resourcePaths,
} from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';
import { downloadFile } from '../api/download.ts';
import type { ExportFormat } from '../resources/resource-api.ts';

const lot = resourcePaths(nonCertResource);
const diamond = resourcePaths(nonCertDiamondResource);

/** The spec's non-certified calls (section 7, "Non-certified"). */
export const nonCertApi = {
  lot: (id: string) =>
    apiRequest<ResourceRecord>(NONCERT_PATHS.view(id), { method: 'GET', toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  createLot: (body: Record<string, unknown>) => apiRequest<ResourceRecord>(lot.create, { body }),
  updateLot: (id: string, body: Record<string, unknown>) =>
    apiRequest<ResourceRecord>(lot.byId(id), { method: 'PUT', body }),
  toggle: (id: string, isActive: boolean) =>
    apiRequest<ResourceRecord>(NONCERT_PATHS.toggle, { body: { id, isActive } }),
  criteria: (id: string) =>
    apiRequest<CriteriaData>(NONCERT_PATHS.criteriaView(id), { method: 'GET', toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  saveCriteria: (body: CriteriaSavePayload) =>
    apiRequest<CriteriaData>(NONCERT_PATHS.criteriaCreate, { body }),
  exportCriteria: (id: string, number: string, format: ExportFormat) =>
    downloadFile(
      `${NONCERT_PATHS.criteriaExport(id)}?format=${format}`,
      undefined,
      `criteria-${number}.${format}`,
      'GET',
    ),
  diamond: (id: string) =>
    apiRequest<ResourceRecord>(NONCERT_PATHS.detailsDiamond(id), { method: 'GET', toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  createDiamond: (body: Record<string, unknown>) => apiRequest<ResourceRecord>(diamond.create, { body }),
  updateDiamond: (id: string, body: Record<string, unknown>) =>
    apiRequest<ResourceRecord>(NONCERT_PATHS.detailsDiamond(id), { method: 'PUT', body }),
};
