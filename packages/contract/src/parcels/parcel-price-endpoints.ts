import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';
import {
  parcelNoFieldsSchema,
  parcelPriceDateSchema,
  parcelPriceExportSchema,
  parcelPriceHistoryRequestSchema,
  parcelPriceHistorySchema,
  parcelPriceImportSchema,
  parcelPriceSavedSchema,
  parcelPriceUpsertSchema,
  parcelSheetRequestSchema,
  parcelSheetSchema,
} from './parcel-schemas.ts';

const TAG = 'Parcel prices';
const module = 'Parcel Master';
const SHEETS: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
];

/** Melee price sheets: a price per carat for each sieve group and quality band, by date (spec 7). */
export const PARCEL_PRICE_ENDPOINTS = {
  getDates: defineEndpoint({
    method: 'POST',
    path: 'apis/parcel-price/get-dates',
    tag: TAG,
    summary: 'The dates that have a price sheet, newest first, with their cell count and last change.',
    access: { module, action: 'view' },
    body: parcelNoFieldsSchema.optional(),
    answer: { data: z.array(parcelPriceDateSchema) },
  }),
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/parcel-price/paginate',
    tag: TAG,
    summary:
      "A date's sheet: every active sieve group by every active quality band, with the previous sheet's price of each cell.",
    access: { module, action: 'view' },
    body: parcelSheetRequestSchema,
    answer: { data: parcelSheetSchema },
  }),
  upsert: defineEndpoint({
    method: 'POST',
    path: 'apis/parcel-price/upsert',
    tag: TAG,
    summary: "Writes a date's whole sheet at once; a cell left out has no price that day.",
    access: { module, action: 'update' },
    body: parcelPriceUpsertSchema,
    answer: { data: parcelPriceSavedSchema },
  }),
  history: defineEndpoint({
    method: 'POST',
    path: 'apis/parcel-price/history',
    tag: TAG,
    summary: "One cell's price per carat over time, oldest first.",
    access: { module, action: 'view' },
    body: parcelPriceHistoryRequestSchema,
    answer: { data: parcelPriceHistorySchema },
  }),
  export: defineEndpoint({
    method: 'POST',
    path: 'apis/parcel-price/export',
    tag: TAG,
    summary: "A date's sheet as a file: sieve groups down, quality bands across.",
    access: { module, action: 'view' },
    body: parcelPriceExportSchema,
    answer: { file: SHEETS },
  }),
  import: defineEndpoint({
    method: 'POST',
    path: 'apis/parcel-price/import',
    tag: TAG,
    summary: 'Reads a sheet laid out as the export writes it and answers its prices, without saving them.',
    access: { module, action: 'update' },
    multipart: { file: { file: true, required: true, description: 'The price sheet, XLSX.' } },
    answer: { data: parcelPriceImportSchema },
  }),
};
