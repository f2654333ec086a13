import { z } from 'zod';
import { defineEndpoint, idParams } from '../endpoints/endpoint.ts';
import { accountResource } from './account.ts';
import {
  accountDetailsSchema,
  accountDocumentCreateSchema,
  accountDocumentListSchema,
  accountDocumentReviewSchema,
  accountDocumentSchema,
} from './account-documents.ts';

const TAG = 'Company';
const module = accountResource.module;

/**
 * The company's bespoke endpoints beside the generic ones of the `account` resource: its detail screen
 * and its KYC documents, all under the Account module.
 */
export const ACCOUNT_ENDPOINTS = {
  details: defineEndpoint({
    method: 'GET',
    path: 'apis/account/:id/details',
    tag: TAG,
    summary: 'A company with its users, payment term, documents and recent activity.',
    access: { module, action: 'view' },
    params: idParams,
    answer: { data: accountDetailsSchema },
  }),
  documents: defineEndpoint({
    method: 'POST',
    path: 'apis/account/:id/documents',
    tag: TAG,
    summary: "A company's KYC documents, optionally of one status.",
    access: { module, action: 'view' },
    params: idParams,
    body: accountDocumentListSchema,
    answer: { data: z.object({ list: z.array(accountDocumentSchema), count: z.number().int() }) },
  }),
  createDocument: defineEndpoint({
    method: 'POST',
    path: 'apis/account/:id/documents/create',
    tag: TAG,
    summary: 'Adds a KYC document to a company, pending review.',
    access: { module, action: 'insert' },
    params: idParams,
    body: accountDocumentCreateSchema,
    answer: { data: accountDocumentSchema },
  }),
  reviewDocument: defineEndpoint({
    method: 'PUT',
    path: 'apis/account/documents/:id/review',
    tag: TAG,
    summary: 'Approves or rejects a KYC document; a rejection says why.',
    access: { module, action: 'update' },
    params: idParams,
    body: accountDocumentReviewSchema,
    answer: { data: accountDocumentSchema },
  }),
  deleteDocument: defineEndpoint({
    method: 'DELETE',
    path: 'apis/account/documents/:id',
    tag: TAG,
    summary: 'Deletes a KYC document.',
    access: { module, action: 'delete' },
    params: idParams,
    answer: { data: z.object({ id: z.string() }) },
  }),
};
