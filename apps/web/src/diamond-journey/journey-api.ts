import {
  DIAMOND_JOURNEY_ENDPOINTS,
  type DiamondOriginRequest,
  diamondJourneyEventResource,
} from '@facet/contract';
import { call } from '../platform/api/api-client.ts';
import { resourceApi, resourceKey } from '../platform/resources/resource-api.ts';

/** Query-key root of journeys; the events' own root is the engine's, invalidated with it. */
export const journeyKey = (stoneId: string) => [
  ...resourceKey(diamondJourneyEventResource.name),
  'journey',
  stoneId,
];

export const journeyApi = {
  /** The stone with its origin and its events in date order. */
  origin: (request: DiamondOriginRequest) =>
    call(DIAMOND_JOURNEY_ENDPOINTS.origin, request).then((envelope) => envelope.data),
  /** The engine's create, update, delete and history of one event. */
  events: resourceApi(diamondJourneyEventResource),
};
