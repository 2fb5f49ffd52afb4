import { useSyncExternalStore } from 'react';

const openDialog = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

function subscribe(onChange: () => void): () => void {
  // Dialogs are portalled into <body> and open or close by their `data-state`.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
  return () => {
    observer.disconnect();
  };
}

/** True while a modal dialog (or the phone's sidebar sheet) is open anywhere on the page. */
export function useDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.querySelector(openDialog) !== null,
    () => false,
  );
}
