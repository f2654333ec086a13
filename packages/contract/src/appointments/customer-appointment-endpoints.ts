import { z } from 'zod';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import {
  customerAppointmentCancelSchema,
  customerAppointmentCreateSchema,
  customerAppointmentPaginateSchema,
  customerAppointmentRecordSchema,
  customerSlotsSchema,
  freeSlotSchema,
} from './appointment-schemas.ts';

const TAG = 'Customer side';

/** What the storefront and the apps call to book a viewing for the signed-in customer. */
export const CUSTOMER_APPOINTMENT_ENDPOINTS = {
  slots: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/appointment/slots',
    tag: TAG,
    summary: 'The free slots of one day, by cabin, still ahead.',
    access: { customerModules: ['appointment'], action: 'view' },
    body: customerSlotsSchema,
    answer: { data: z.array(freeSlotSchema) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/appointment/create',
    tag: TAG,
    summary: 'Requests a booking of one free slot; staff approve it.',
    access: { customerModules: ['appointment'], action: 'insert' },
    body: customerAppointmentCreateSchema,
    answer: { data: customerAppointmentRecordSchema },
  }),
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/appointment/paginate',
    tag: TAG,
    summary: "The customer's own bookings, the latest first.",
    access: { customerModules: ['appointment'], action: 'view' },
    body: customerAppointmentPaginateSchema,
    answer: { data: pageOf(customerAppointmentRecordSchema) },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/appointment/cancel',
    tag: TAG,
    summary: "Cancels one of the customer's pending or approved bookings.",
    access: { customerModules: ['appointment'], action: 'delete' },
    body: customerAppointmentCancelSchema,
    answer: { data: customerAppointmentRecordSchema },
  }),
};
