import { defineEndpoint } from '../endpoints/endpoint.ts';
import { diamondOriginDataSchema, diamondOriginSchema } from './diamond-journey.ts';

export const DIAMOND_JOURNEY_ENDPOINTS = {
  /**
   * A live stone by id or stock number (ignoring case), with its grades, origin and media, and its
   * journey from the mine in date order. The events themselves are written through the engine's
   * endpoints of `diamondJourneyEventResource`.
   */
  origin: defineEndpoint({
    method: 'POST',
    path: 'admin/diamond-origin',
    tag: 'Diamond journey',
    summary: "A stone's origin and journey, by its id or its stock number.",
    access: { module: 'Diamond Journey', action: 'view' },
    body: diamondOriginSchema,
    answer: { data: diamondOriginDataSchema },
  }),
};
