import type { LiveMessage } from '@facet/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsKey } from '../notifications/notification-api.ts';
import { call } from '../platform/api/api-client.ts';
import { REFERENCE_CATALOGUE_BY_NAME } from '../platform/resources/reference-catalogue.ts';
import { matchesChangedPaths, retryDelay } from './live-queries.ts';
import { LIVE_REFS } from './live-refs.ts';

/** Each resource's API base by its name, as its query keys name it. */
const RESOURCE_APIS: ReadonlyMap<string, string> = new Map(
  [...REFERENCE_CATALOGUE_BY_NAME.values()].map((resource) => [resource.name, resource.api]),
);

function onMessage(queryClient: QueryClient, message: LiveMessage): void {
  if (message.kind === 'changed') {
    void queryClient.invalidateQueries({
      predicate: (query) => matchesChangedPaths(query.queryKey, message.paths, RESOURCE_APIS),
    });
  } else if (message.kind === 'notification') {
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
  }
}

/**
 * The signed-in panel's live updates: a stream of the server's events (EventSource, which cannot send the
 * token, so a short-lived ticket goes first). A changed list refetches at once where it is shown, a new
 * notification refreshes the bell. A broken stream is reopened with a fresh ticket after a growing pause.
 * A hidden tab lets its stream go (a browser opens few connections to one server over HTTP/1.1, and each
 * stream holds one); back in view it reopens. After any gap the bell and the lists shown are refetched,
 * as events may have been missed. The header unmounts it on sign-out, which closes the stream.
 */
function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    /** A ticket is being asked for. */
    let connecting = false;
    /** Whether a stream was open before: a reopened one may have missed events. */
    let opened = false;

    const hidden = () => document.visibilityState === 'hidden';
    const pause = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      source?.close();
      source = undefined;
    };
    const retry = () => {
      pause();
      if (stopped || hidden()) return;
      failures += 1;
      timer = setTimeout(connect, retryDelay(failures));
    };
    const read = (event: MessageEvent<string>) => {
      try {
        onMessage(queryClient, JSON.parse(event.data) as LiveMessage);
      } catch {
        // A message this panel does not know.
      }
    };
    async function connect() {
      timer = undefined;
      if (stopped || source || connecting) return;
      connecting = true;
      let ticket: string;
      try {
        ticket = (await call(LIVE_REFS.ticket, undefined, { toastErrors: false })).data.ticket;
      } catch {
        connecting = false;
        retry();
        return;
      }
      connecting = false;
      if (stopped || source || hidden()) return;
      const stream = new EventSource(`/${LIVE_REFS.events.path}?ticket=${encodeURIComponent(ticket)}`);
      source = stream;
      stream.addEventListener('ready', () => {
        if (opened) {
          void queryClient.invalidateQueries({ queryKey: notificationsKey });
          void queryClient.invalidateQueries({ queryKey: ['resource'] });
        }
        opened = true;
        failures = 0;
      });
      stream.addEventListener('changed', read);
      stream.addEventListener('notification', read);
      // The browser would retry with the same ticket, which is taken once: a fresh one is asked for.
      stream.onerror = () => {
        if (source === stream) retry();
      };
    }
    const onVisibility = () => {
      if (hidden()) pause();
      else if (!source && !timer) void connect();
    };

    document.addEventListener('visibilitychange', onVisibility);
    if (!hidden()) void connect();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      pause();
    };
  }, [queryClient]);
}

/** Mounted once in the panel's header; shows nothing. */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
