/**
 * The client runs outside React, while toasts and navigation live inside it. The app registers both
 * here once at start-up, which keeps the client free of UI imports (and unit-testable).
 */
export interface ApiEventHandlers {
  showError: (message: string) => void;
  onUnauthorized: () => void;
}

let handlers: ApiEventHandlers = {
  showError: (message) => console.error(message),
  onUnauthorized: () => undefined,
};

export function registerApiEventHandlers(next: Partial<ApiEventHandlers>): void {
  handlers = { ...handlers, ...next };
}

export function apiEvents(): ApiEventHandlers {
  return handlers;
}
