import { useState } from 'react';
import { RouterProvider } from 'react-router';

import { queryClient } from '@/lib/query-client';

import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
