import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';

import { TooltipProvider } from '@/components/ui/tooltip';
import { i18n } from '@/lib/i18n';

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          {children}
          {/* Sonner's defaults are the spec's toast constants (4 s, 3 visible, bottom-right, Alt+T…). */}
          <Toaster richColors closeButton />
        </TooltipProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
