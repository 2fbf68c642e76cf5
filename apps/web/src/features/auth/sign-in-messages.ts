import { ApiHttpError, NetworkError } from '../../lib/api-client';

/** Sign-in messages of the error catalogue (000 §8, catalogue §5.2). */
export const signInMessages = {
  /** M2: wrong e-mail or password (401 INVALID_CREDENTIALS). */
  invalidCredentials: 'Sign in failed. Please check your credentials and try again.',
  /** M5: any other failure of the sign-in call. */
  processingFailed: 'Error processing login. Please try again.',
  /** M6: the sign-in call got no answer. */
  connectionFailed: 'Login failed. Please check your connection and try again.',
} as const;

/** Which message a failed sign-in call shows. 429 shows the server's own message. */
export function messageForSignInError(error: unknown): string {
  if (error instanceof NetworkError) return signInMessages.connectionFailed;
  if (error instanceof ApiHttpError) {
    if (error.code === 'INVALID_CREDENTIALS' || error.status === 401)
      return signInMessages.invalidCredentials;
    if (error.status === 429) return error.userMessage ?? error.message;
  }
  return signInMessages.processingFailed;
}

/** Where to go after sign-in: the signed-in route first asked for, else /requestimates (000 §2). */
export function safeRedirectPath(next: string | null | undefined): string {
  const fallback = '/requestimates';
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/reset-password')) return fallback;
  return next;
}
