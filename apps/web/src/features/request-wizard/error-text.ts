import { ApiHttpError } from '../../lib/api-client';

/** What a wizard shows for a failed call: the server's message for a refusal, a fixed text otherwise. */
export function errorText(error: unknown): string {
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return 'An unexpected error occurred.';
}
