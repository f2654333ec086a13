import { cabinResource, locationResource, type RecordOf, slotResource } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resourceApi, resourceKey } from '../platform/resources/resource-api.ts';

export type LocationRecord = RecordOf<typeof locationResource>;
export type CabinRecord = RecordOf<typeof cabinResource>;
export type SlotRecord = RecordOf<typeof slotResource>;

export const locationApi = resourceApi(locationResource);
export const cabinApi = resourceApi(cabinResource);
export const slotApi = resourceApi(slotResource);

/** A house has a handful of showrooms and cabins: one page holds them all. */
const ALL = 500;

/** Every location, by name, with its time zone. */
export function useLocations() {
  const query = useQuery({
    queryKey: [...resourceKey(locationResource.name), 'all'],
    queryFn: () => locationApi.paginate({ page: 1, limit: ALL, sort: { name: 'asc' } }),
    staleTime: 60_000,
  });
  return { locations: (query.data?.list ?? []) as LocationRecord[], loading: query.isPending };
}

/** Every cabin, by name. */
export function useCabins() {
  const query = useQuery({
    queryKey: [...resourceKey(cabinResource.name), 'all'],
    queryFn: () => cabinApi.paginate({ page: 1, limit: ALL, sort: { name: 'asc' } }),
    staleTime: 30_000,
  });
  return { cabins: (query.data?.list ?? []) as CabinRecord[], loading: query.isPending };
}

/** A cabin as people tell it from another of the same name: `North lounge — Antwerp showroom`. */
export function cabinPlace(cabinName: string, locationName: string | null | undefined): string {
  return locationName ? `${cabinName} — ${locationName}` : cabinName;
}

/**
 * The cabins of a choice, grouped under their location's name; each names its location too, so the
 * chosen one reads whole in the closed select.
 */
export function useCabinOptions(cabins: readonly CabinRecord[]) {
  return useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const cabin of cabins) {
      const place = cabin.locationTitle ?? 'No location';
      const options = groups.get(place) ?? [];
      options.push({ value: cabin.id, label: cabinPlace(cabin.name, cabin.locationTitle) });
      groups.set(place, options);
    }
    return [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, options]) => ({ label, title: label, options }));
  }, [cabins]);
}

/** The zone a location's slots and bookings are read in; UTC for a location not (yet) known. */
export function zoneOfLocation(locations: readonly LocationRecord[], locationId: string | null | undefined) {
  return locations.find((location) => location.id === locationId)?.timeZone ?? 'UTC';
}
