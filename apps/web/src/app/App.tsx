import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '../shared/i18n';
import { LanguageProvider } from '../shared/i18n/language';
import { ApiError } from '../shared/api/client';
import { FeedbackProvider } from '../shared/ui/feedback';
import { createRoutes } from './router';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Retry network trouble and server errors once; a 4xx answer will not change.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function AppProviders({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider i18n={i18n}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [i18n] = useState(() => createI18n());
  const [router] = useState(() => createBrowserRouter(createRoutes()));
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
