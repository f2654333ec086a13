import { type APPOINTMENT_ENDPOINTS, endpointRefs } from '@facet/contract';

/**
 * The staff calls of appointments, as refs: the screens' chunks hold no schema (docs/performance.md).
 * appointment-refs.test.ts compares every ref with its declaration.
 */
export const APPOINTMENT_REFS = endpointRefs<typeof APPOINTMENT_ENDPOINTS>()({
  paginate: ['POST', 'apis/appointment/paginate', { module: 'Cabin', action: 'view' }],
  export: ['POST', 'apis/appointment/export', { module: 'Cabin', action: 'view' }],
  schedule: ['POST', 'apis/appointment/schedule', { module: 'Schedule', action: 'view' }],
  updateStatus: [
    'PUT',
    'apis/appointment/update-status/:id',
    { modules: ['Schedule', 'Cabin'], action: 'update' },
  ],
  move: ['PUT', 'apis/appointment/move/:id', { modules: ['Schedule', 'Cabin'], action: 'update' }],
});
