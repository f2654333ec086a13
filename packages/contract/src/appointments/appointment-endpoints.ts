import { z } from 'zod';
import { defineEndpoint, idParams, pageOf } from '../endpoints/endpoint.ts';
import {
  appointmentExportSchema,
  appointmentMoveSchema,
  appointmentPaginateSchema,
  appointmentRecordSchema,
  appointmentStatusUpdateSchema,
  scheduleAnswerSchema,
  scheduleRequestSchema,
} from './appointment-schemas.ts';

const TAG = 'Appointments';
const SHEETS: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
];

/** What staff read and do with bookings (spec: appointment-list under Cabin, schedule under Schedule). */
export const APPOINTMENT_ENDPOINTS = {
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/appointment/paginate',
    tag: TAG,
    summary: 'Bookings of the cabins: customer, company, cabin and location, when, and their status.',
    access: { module: 'Cabin', action: 'view' },
    body: appointmentPaginateSchema,
    answer: { data: pageOf(appointmentRecordSchema) },
  }),
  export: defineEndpoint({
    method: 'POST',
    path: 'apis/appointment/export',
    tag: TAG,
    summary: 'The filtered bookings as an XLSX or CSV file, every row.',
    access: { module: 'Cabin', action: 'view' },
    body: appointmentExportSchema,
    answer: { file: SHEETS },
  }),
  schedule: defineEndpoint({
    method: 'POST',
    path: 'apis/appointment/schedule',
    tag: TAG,
    summary: "Every cabin's open hours and bookings (not cancelled) of some days, for the calendar.",
    access: { module: 'Schedule', action: 'view' },
    body: scheduleRequestSchema,
    answer: { data: scheduleAnswerSchema },
  }),
  updateStatus: defineEndpoint({
    method: 'PUT',
    path: 'apis/appointment/update-status/:id',
    tag: TAG,
    summary: 'Approves a pending booking or cancels an open one; the customer is mailed an invitation.',
    access: { modules: ['Schedule', 'Cabin'], action: 'update' },
    params: idParams,
    body: appointmentStatusUpdateSchema,
    answer: { data: appointmentRecordSchema },
  }),
  move: defineEndpoint({
    method: 'PUT',
    path: 'apis/appointment/move/:id',
    tag: TAG,
    summary: 'Moves an open booking to another slot or cabin; an approved one is mailed again.',
    access: { modules: ['Schedule', 'Cabin'], action: 'update' },
    params: idParams,
    body: appointmentMoveSchema,
    answer: { data: appointmentRecordSchema },
  }),
};

export const appointmentIdAnswer = z.object({ id: z.string() });
