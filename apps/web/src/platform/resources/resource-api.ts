import { type GridColumn, type ResourceRefs, type ResourceSpec, resourceRefs } from '@facet/contract';
import { call } from '../api/api-client.ts';
import { download } from '../api/download.ts';
import { COMMON_REFS, GRID_REFS } from '../api/endpoint-refs.ts';
import { READER_TIME_ZONE } from '../lists/format.ts';
import type { PaginateBody } from '../lists/list-params.ts';
import type { SequenceItem } from './resequence.ts';

/** Query-key root of a resource: invalidating it refetches its lists, records and choices. */
export const resourceKey = (name: string) => ['resource', name] as const;

export type ExportFormat = 'xlsx' | 'csv';
/** What a resource's list export answers: the spreadsheets, or a printable PDF. */
export type ListExportFormat = ExportFormat | 'pdf';

/** An endpoint the resource's operations leave out: the screens offer no action reaching it. */
function allowed<E>(resource: ResourceSpec, endpoint: E | undefined, what: string): E {
  if (!endpoint) throw new Error(`${resource.name} has no ${what} endpoint`);
  return endpoint;
}

/**
 * The engine's endpoints of one resource, typed by its record. Called through their refs (contract
 * resourceRefs): the declarations' schemas, and zod with them, stay off the list screens.
 */
export function resourceApi<R extends ResourceSpec>(resource: R) {
  const endpoints: ResourceRefs<R> = resourceRefs(resource);
  const byId = (id: string) => ({ params: { id } });
  return {
    // The reader's zone, so that a day of a date-and-time filter is the day on the reader's clock.
    paginate: (body: PaginateBody) =>
      call(endpoints.paginate, { ...body, timeZone: READER_TIME_ZONE }).then((envelope) => envelope.data),
    get: (id: string) =>
      call(endpoints.read, undefined, { ...byId(id), toastErrors: false }).then((envelope) => envelope.data),
    create: (body: Record<string, unknown>) => call(allowed(resource, endpoints.create, 'create'), body),
    update: (id: string, body: Record<string, unknown>) =>
      call(allowed(resource, endpoints.update, 'update'), body, byId(id)),
    // The delete dialog shows a refusal itself (a record still in use), where the question was asked.
    remove: (id: string) =>
      call(allowed(resource, endpoints.delete, 'delete'), undefined, { ...byId(id), toastErrors: false }),
    history: (id: string) => call(endpoints.history, undefined, byId(id)).then(({ data }) => data),
    bulkSequence: (list: SequenceItem[]) =>
      call(allowed(resource, endpoints.bulkSequence, 'bulk sequence'), { list }),
    toggle: (id: string, fieldName: string, status: boolean) =>
      call(COMMON_REFS.booleanStatusUpdate, { id, model: resource.name, fieldName, status }),
    export: (body: Omit<PaginateBody, 'page' | 'limit'>, format: ListExportFormat, columns: string[]) =>
      download(
        allowed(resource, endpoints.export, 'export'),
        // The reader's zone, so that the file's times read as the screen's.
        { ...body, format, columns, timeZone: READER_TIME_ZONE },
        `${resource.name}.${format}`,
      ),
  };
}

export const gridApi = {
  getColumns: (grid: string) =>
    call(GRID_REFS.getColumns, { grid }, { toastErrors: false }).then((envelope) => envelope.data),
  upsert: (grid: string, columns: GridColumn[]) => call(GRID_REFS.upsert, { grid, columns }),
};
