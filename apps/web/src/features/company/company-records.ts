import { companyCalls } from '@app/contracts/shell.contract';
import type { UserType } from '@app/domain/identity/access';
import { callApi } from '../../lib/call-api';
import type { StoredCompany } from '../../lib/session-store';

/** M7 / M8 (000 §8): the company record could not be loaded after sign-in or a company switch. */
export const companyLoadErrorMessages: Record<UserType, string> = {
  dealer: 'Error loading dealer information. Please try again.',
  installer: 'Error loading installer information. Please try again.',
};

/**
 * Loads the dealer or installer record (served as a one-element array) that the session belongs to. Its
 * users get the whole record; the public view (what the other kind of company sees) is never the session's.
 */
export async function fetchCompanyRecord(
  kind: UserType,
  companyId: number,
  options: { accessToken?: string; isQuiet?: boolean } = {},
): Promise<StoredCompany> {
  if (kind === 'dealer') {
    const [record] = await callApi(companyCalls.getDealer, { params: { id: companyId } }, options);
    if (!record || !('vendor_visibility_mode' in record))
      throw new Error(`Dealer ${companyId} was not returned`);
    return { kind: 'dealer', record };
  }
  const [record] = await callApi(companyCalls.getInstaller, { params: { id: companyId } }, options);
  if (!record || !('stripe_account_id' in record)) throw new Error(`Installer ${companyId} was not returned`);
  return { kind: 'installer', record };
}
