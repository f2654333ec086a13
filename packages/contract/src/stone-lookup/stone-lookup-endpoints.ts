import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';
import { stoneLookupSchema, stoneSummarySchema } from './stone-lookup.ts';

export const STONE_LOOKUP_ENDPOINTS = {
  /**
   * Live stones by stock or report number, for the screens that pick one stone (a featured stone, a
   * diamond journey, a comment filter). Unlike the stock search it is not recorded as a search and is
   * open to those screens' modules, not only to Stock Master.
   */
  lookup: defineEndpoint({
    method: 'POST',
    path: 'apis/diamond/lookup',
    tag: 'Stone lookup',
    summary: 'Live stones whose stock or report number starts with the text, exact matches first.',
    access: {
      modules: ['Stock Master', 'Dashboard Stone', 'Diamond Journey', 'Comment'],
      action: 'view',
    },
    body: stoneLookupSchema,
    answer: { data: z.array(stoneSummarySchema) },
  }),
};
