import { companyCalls } from '@app/contracts/shell.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/call-api';
import { useActingCompanyId } from '../../../lib/query-keys';
import { companyKeys } from '../query-keys';

/** Companies the user may reach (002 §2.3), filling the top-bar company dropdown. */
export function useUserAccess(userId: number) {
  const companyId = useActingCompanyId();
  return useQuery({
    queryKey: companyKeys.userAccess(companyId, userId),
    // The list is the user's, whatever the company: after a switch the dropdown stays while it reloads.
    placeholderData: keepPreviousData,
    queryFn: async () => {
      try {
        return await callApi(companyCalls.listUserAccess, { params: { id: userId } }, { isQuiet: true });
      } catch (error) {
        // 002 §8: a failed association lookup is only logged; the top bar then shows the company title.
        console.warn('Could not load the companies this user may reach', error);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
