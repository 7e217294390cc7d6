import { useState } from 'react';
import { QueryClientProvider } from '../shared/query/react';
import { QueryClient } from '../shared/query/client';
import { RouterProvider, createBrowserRouter, type Router } from '../shared/router';
import { DEFAULT_LANGUAGE, type Language, type TWebBoot } from '@palaro/contract';
import { createI18n, isLanguage, type I18n } from '../shared/i18n';
import { openingLanguage, seedQueryCache } from './startup/boot';
import { LanguageProvider } from '../shared/i18n/language';
import { ApiError } from '../shared/api/client';
import { FeedbackProvider } from '../shared/ui/feedback';
import { createRoutes } from './router';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Retry network trouble and server errors once; a 4xx answer will not change.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function AppProviders({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: React.ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider i18n={i18n}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}

export interface AppProps {
  /** The start-up data the server wrote into the page, or null without it. */
  boot?: TWebBoot | null;
  /** The language to open in; by default the player's choice, else the merchant's default. */
  language?: Language;
  /** By default the browser's; the server draws the first screen with one in memory. */
  router?: Router;
}

/**
 * The app. With the start-up data the server wrote into the page (`boot`), it opens in the
 * merchant's default language (unless the player chose one) and renders the first screen from
 * that data, without waiting for API calls.
 */
export function App({ boot = null, language, router: givenRouter }: AppProps) {
  const [i18n] = useState(() => createI18n(language ?? openingLanguage(boot)));
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (boot) seedQueryCache(client, boot, isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
    return client;
  });
  const [router] = useState(() => givenRouter ?? createBrowserRouter(createRoutes()));
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
