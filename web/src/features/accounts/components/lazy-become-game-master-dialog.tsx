import { lazyDialog } from '@/lib/lazy-dialog';

/** "Become a game master", loaded when first opened (the sidebar's menu and the palette offer it). */
export const LazyBecomeGameMasterDialog = lazyDialog<{
  accountId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}>(() =>
  import('./become-game-master-dialog').then((module) => ({
    default: module.BecomeGameMasterDialog,
  })),
);
