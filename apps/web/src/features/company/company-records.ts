import { shellPaths, ZDealerRecord, ZInstallerRecord } from '@app/contracts/shell.contract';
import type { UserType } from '@app/domain/identity/access';
import { z } from 'zod';
import { apiGet, buildPath } from '../../lib/api-client';
import type { StoredCompany } from '../../lib/session-store';

/** M7 / M8 (000 §8): the company record could not be loaded after sign-in or a company switch. */
export const companyLoadErrorMessages: Record<UserType, string> = {
  dealer: 'Error loading dealer information. Please try again.',
  installer: 'Error loading installer information. Please try again.',
};

const ZDealerRecords = z.array(ZDealerRecord).min(1);
const ZInstallerRecords = z.array(ZInstallerRecord).min(1);

/** Loads the dealer or installer record (served as a one-element array) that the session belongs to. */
export async function fetchCompanyRecord(
  kind: UserType,
  companyId: number,
  options: { accessToken?: string; isQuiet?: boolean } = {},
): Promise<StoredCompany> {
  if (kind === 'dealer') {
    const [record] = await apiGet(buildPath(shellPaths.dealers, { companyId }), ZDealerRecords, options);
    if (!record) throw new Error(`Dealer ${companyId} was not returned`);
    return { kind: 'dealer', record };
  }
  const [record] = await apiGet(buildPath(shellPaths.installers, { companyId }), ZInstallerRecords, options);
  if (!record) throw new Error(`Installer ${companyId} was not returned`);
  return { kind: 'installer', record };
}
