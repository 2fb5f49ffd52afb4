import '@testing-library/jest-dom/vitest';

import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';

import './setup-languages';

// CI runs the suite on two busy cores: give `findBy…` and `waitFor` room beyond Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup. Before it: sonner takes a dismissed
// toast off the page 200 ms after dismissing it, on a timer that unmounting does not clear; waited for here, or at the
// end of a file it fires after the file's window is gone ("window is not defined", an error that fails the run).
afterEach(async () => {
  if (!vi.isFakeTimers()) {
    await waitFor(() => {
      expect(document.querySelector('[data-sonner-toast][data-removed="true"]')).toBeNull();
    });
  }
  cleanup();
});

// jsdom has no matchMedia; the sidebars ask it for the mobile breakpoint. Wide screen by default.
if (!('matchMedia' in window) || typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      // A MediaQueryList has them, deprecated or not.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      addListener: () => undefined,
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom has neither; cmdk (the command palette) measures its list and scrolls the selected item into view.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {
      return undefined;
    }
    unobserve() {
      return undefined;
    }
    disconnect() {
      return undefined;
    }
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {
    return undefined;
  };
}
