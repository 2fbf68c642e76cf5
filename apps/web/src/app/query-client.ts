import { QueryClient } from '@tanstack/react-query';
import { ApiHttpError } from '../lib/api-client';

/** 4xx answers are decisions of the server: asking again will not change them. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiHttpError && error.isClientError) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
