/**
 * The app's toasts, with sonner loaded after the first paint rather than with it (issue 11's JavaScript budget:
 * sonner is 8 KiB of every page's first load otherwise). `AppToaster` starts the load when the shell renders and
 * reports when sonner's `<Toaster>` listens; a toast raised before that waits and then shows, in order, so nothing
 * said at start-up (a welcome, an expired session) is lost. Features import `toast` from here, never from sonner.
 */
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner['success']>[0];

let sonner: Promise<Sonner> | undefined;
let markListening: () => void = () => undefined;
let listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

/** Sonner's module, loaded once (the toaster and the first toast both ask for it). */
export function loadSonner(): Promise<typeof import('sonner')> {
  const module = import('sonner');
  sonner ??= module.then((loaded) => loaded.toast);
  return module;
}

/** Called by `AppToaster` once sonner's `<Toaster>` is mounted and subscribed. */
export function toasterListening() {
  markListening();
}

/** For tests that mount and unmount the app: toasts raised next wait for the next toaster. */
export function toasterGone() {
  listening = new Promise<void>((resolve) => {
    markListening = resolve;
  });
}

let lastId = 0;

/** Runs `show` once sonner is loaded and its toaster listens; calls made meanwhile keep their order. */
function whenReady(show: (toast: Sonner) => void) {
  void loadSonner();
  const ready = sonner;
  if (!ready) return;
  void Promise.all([ready, listening]).then(([toast]) => {
    show(toast);
  });
}

function raise(
  kind: 'success' | 'error' | 'info' | 'message',
  message: Message,
  options?: ExternalToast,
) {
  // The id is known at once, so a caller can dismiss a toast that is still waiting for sonner.
  const id = options?.id ?? `toast-${++lastId}`;
  whenReady((toast) => {
    toast[kind](message, { ...options, id });
  });
  return id;
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => raise('success', message, options),
  error: (message: Message, options?: ExternalToast) => raise('error', message, options),
  /** News that needs nothing done now (a notification arriving live). */
  info: (message: Message, options?: ExternalToast) => raise('info', message, options),
  message: (message: Message, options?: ExternalToast) => raise('message', message, options),
  /** Closes one toast, or every toast when no id is given (also those still waiting). */
  dismiss: (id?: string | number) => {
    whenReady((toast) => {
      toast.dismiss(id);
    });
  },
};
