import type { TCompanyAccessEntry } from '@app/contracts/shell.contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiHttpError, rotateTokensForCompany, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';
import { companyLoadErrorMessages, fetchCompanyRecord } from '../company-records';

class CompanySwitchFailure extends Error {
  constructor(
    readonly userMessage: string,
    options?: { cause?: unknown },
  ) {
    super(userMessage, options);
    this.name = 'CompanySwitchFailure';
  }
}

async function switchCompany(entry: TCompanyAccessEntry): Promise<void> {
  const answer = await rotateTokensForCompany(entry.company_id);
  const current = sessionStore.getSnapshot().user;
  // The server's user (scoped to the new company) wins; without it, keep the user and move its company.
  const user = answer.user ?? (current ? { ...current, companyId: entry.company_id } : null);
  if (!user) throw new CompanySwitchFailure(UNEXPECTED_ERROR_MESSAGE);
  const tokens = sessionStore.getSnapshot().tokens;
  if (!answer.user && tokens) sessionStore.saveTokens(tokens, user);
  const kind = entry.company_type === 'dealership' ? 'dealer' : 'installer';
  try {
    sessionStore.saveCompany(await fetchCompanyRecord(kind, user.companyId, { isQuiet: true }));
  } catch (error) {
    // The tokens already belong to the new company, so the old record must not stay. The signed-in
    // guard loads the record again and, failing that, applies the 5-second rule.
    sessionStore.saveCompany(null);
    throw new CompanySwitchFailure(companyLoadErrorMessages[kind], { cause: error });
  }
}

function messageForSwitchError(error: Error): string {
  if (error instanceof CompanySwitchFailure) return error.userMessage;
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

/** Company switching (002 §2.3): new tokens for the company, its record, then /requestimates. */
export function useSwitchCompany() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchCompany,
    onSuccess: async () => {
      navigate('/requestimates');
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: 'Company not switched',
        message: messageForSwitchError(error),
      });
    },
  });
}
