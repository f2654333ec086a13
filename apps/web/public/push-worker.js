// Facet's push service worker: shows the notifications the server pushes (notifications/notify.ts on the
// server) and opens the panel at their address when one is clicked. Served from the panel's root so its
// scope covers the panel.

const PANEL = '/hkadmin';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A path of this origin only: a pushed address never leads elsewhere. */
function panelUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : PANEL, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(PANEL, self.location.origin).href;
  } catch {
    return new URL(PANEL, self.location.origin).href;
  }
}

function readPayload(data) {
  if (!data) return {};
  try {
    const payload = data.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return { message: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Facet';
  const body = typeof payload.message === 'string' ? payload.message : '';
  const url = panelUrl(payload.url);
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, {
        body,
        data: { url },
        tag: payload.action || undefined,
      });
      // Open panels refresh their bell at once (tests listen for it too).
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'facet-push', title, message: body, url });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = panelUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const panel = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (panel) {
        await panel.focus();
        if ('navigate' in panel) await panel.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
