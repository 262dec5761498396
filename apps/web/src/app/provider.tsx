import type { AppConfig } from "@portal/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ScreenBlockerProvider } from "../components/screen-blocker/screen-blocker";
import { AppConfigContext } from "../config/app-config";
import { isHttpError } from "../lib/http";

/** Retry only what may succeed on a second try: network failures and 5xx, at most twice. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (isHttpError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      // A repeated POST could log the same query twice.
      mutations: { retry: false },
    },
  });
}

export function AppProvider({
  config,
  queryClient: givenClient,
  children,
}: {
  config: AppConfig;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => givenClient ?? createAppQueryClient());
  return (
    <AppConfigContext value={config}>
      <QueryClientProvider client={queryClient}>
        <ScreenBlockerProvider>{children}</ScreenBlockerProvider>
      </QueryClientProvider>
    </AppConfigContext>
  );
}
