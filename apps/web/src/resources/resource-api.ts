import {
  type AuditEntry,
  BOOLEAN_STATUS_UPDATE_PATH,
  GRID_PATHS,
  type GridColumn,
  type GridColumnsData,
  type PaginateResult,
  type ResourceRecord,
  type ResourceSpec,
  resourcePaths,
} from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';
import { downloadFile } from '../api/download.ts';
import type { PaginateBody } from '../lists/list-params.ts';
import type { SequenceItem } from './resequence.ts';

/** Query-key root of a resource: invalidating it refetches its lists, records and choices. */
export const resourceKey = (name: string) => ['resource', name] as const;

export type ExportFormat = 'xlsx' | 'csv';
/** What a resource's list export answers: the spreadsheets, or a printable PDF. */
export type ListExportFormat = ExportFormat | 'pdf';

/** The engine's endpoints of one resource (contract resourcePaths). */
export function resourceApi(resource: ResourceSpec) {
  const paths = resourcePaths(resource);
  return {
    paginate: (body: PaginateBody) =>
      apiRequest<PaginateResult<ResourceRecord>>(paths.paginate, { body }).then((envelope) => envelope.data),
    get: (id: string) =>
      apiRequest<ResourceRecord>(paths.byId(id), { method: 'GET', toastErrors: false }).then(
        (envelope) => envelope.data,
      ),
    create: (body: Record<string, unknown>) => apiRequest<ResourceRecord>(paths.create, { body }),
    update: (id: string, body: Record<string, unknown>) =>
      apiRequest<ResourceRecord>(paths.byId(id), { method: 'PUT', body }),
    remove: (id: string) => apiRequest<unknown>(paths.byId(id), { method: 'DELETE' }),
    /** The server may answer the entries or a page of them. */
    history: (id: string) =>
      apiRequest<AuditEntry[] | PaginateResult<AuditEntry>>(paths.history(id), { method: 'GET' }).then(
        ({ data }) => (Array.isArray(data) ? data : data.list),
      ),
    bulkSequence: (list: SequenceItem[]) => apiRequest<unknown>(paths.bulkSequence, { body: { list } }),
    toggle: (id: string, fieldName: string, status: boolean) =>
      apiRequest<unknown>(BOOLEAN_STATUS_UPDATE_PATH, {
        body: { id, model: resource.name, fieldName, status },
      }),
    export: (body: Omit<PaginateBody, 'page' | 'limit'>, format: ListExportFormat, columns: string[]) =>
      downloadFile(paths.export, { ...body, format, columns }, `${resource.name}.${format}`),
  };
}

export const gridApi = {
  getColumns: (grid: string) =>
    apiRequest<GridColumnsData>(GRID_PATHS.getColumns, { body: { grid }, toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  upsert: (grid: string, columns: GridColumn[]) =>
    apiRequest<unknown>(GRID_PATHS.upsert, { body: { grid, columns } }),
};
