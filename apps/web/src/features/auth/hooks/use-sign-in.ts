import { authCalls, type TSignInBody, type TTokenResponse } from '@app/contracts/auth.contract';
import { userTypeForGroups } from '@app/domain/identity/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/call-api';
import { sessionStore, tokensFromResponse } from '../../../lib/session-store';
import { companyLoadErrorMessages, fetchCompanyRecord } from '../../company/company-records';
import { messageForSignInError } from '../sign-in-messages';

/** A sign-in that failed, carrying the catalogue message to show. */
export class SignInFailure extends Error {
  constructor(
    readonly userMessage: string,
    options?: { cause?: unknown },
  ) {
    super(userMessage, options);
    this.name = 'SignInFailure';
  }
}

async function signIn(credentials: TSignInBody): Promise<void> {
  let answer: TTokenResponse;
  try {
    // Quiet: the form shows M2/M5/M6 itself, so the generic M1 toast would only repeat it.
    answer = await callApi(authCalls.signIn, { body: credentials }, { isQuiet: true });
  } catch (error) {
    throw new SignInFailure(messageForSignInError(error), { cause: error });
  }

  // The group claim decides which company record belongs to the user (000 §1, §6).
  const kind = userTypeForGroups(answer.user.groups);
  try {
    const company = await fetchCompanyRecord(kind, answer.user.companyId, {
      accessToken: answer.accessToken,
      isQuiet: true,
    });
    // Stored in one step, so the guard never sees tokens without the user and company records.
    sessionStore.saveSession({ tokens: tokensFromResponse(answer), user: answer.user, company });
  } catch (error) {
    // The session is unusable without its company: revoke it (the refresh-token cookie), best effort.
    callApi(authCalls.signOut, { body: {} }, { isQuiet: true }).catch(() => undefined);
    throw new SignInFailure(companyLoadErrorMessages[kind], { cause: error });
  }
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Nothing cached for a previous user may leak into the new session.
    onSuccess: () => queryClient.clear(),
  });
}
