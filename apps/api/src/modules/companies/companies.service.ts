import { AppError } from '@app/contracts/errors.contract';
import type { TCompanyAccessEntry } from '@app/contracts/shell.contract';
import type { AuthContext } from '../../platform/security/auth-context';
import type { AuthService } from '../auth/auth.service';
import { type CompaniesRepository, publicViews } from './companies.repository';

/** The auth module's reads of a user and of the companies it may act for. */
export type CompanyAccounts = Pick<AuthService, 'findUser' | 'listCompanies' | 'mayActFor'>;

/**
 * Who may read which company record (docs/decisions/002-company-visibility.md):
 * - a user reads the records of the companies they may act for;
 * - installers also read dealerships (their customers, shown in wizards and the customers screen);
 * - dealers also read installers (the specialists they choose and follow).
 */
export function createCompaniesService({
  repository,
  accounts,
}: {
  repository: CompaniesRepository;
  accounts: CompanyAccounts;
}) {
  /**
   * Whether the caller is one of the company's users (it may act for it). A user of the same kind that may
   * not act for it is refused; the other kind (a dealer reading a specialist, an installer reading a
   * dealership) is not a member and is shown only the public fields (`publicViews`).
   */
  async function isMember(auth: AuthContext, kind: 'dealer' | 'installer', id: number) {
    if (auth.userType !== kind) return false;
    if (!(await accounts.mayActFor(auth.userId, id))) {
      throw new AppError('FORBIDDEN', `You may not read ${kind} ${id}`);
    }
    return true;
  }

  return {
    async getDealer(auth: AuthContext, id: number) {
      const member = await isMember(auth, 'dealer', id);
      const dealer = await repository.findDealer(id);
      if (!dealer) throw new AppError('NOT_FOUND', `Dealer ${id} not found`);
      return [member ? dealer : publicViews.dealer(dealer)];
    },

    async getInstaller(auth: AuthContext, id: number) {
      const member = await isMember(auth, 'installer', id);
      const installer = await repository.findInstaller(id);
      if (!installer) throw new AppError('NOT_FOUND', `Installer ${id} not found`);
      return [member ? installer : publicViews.installer(installer)];
    },

    async listInstallerLocations(auth: AuthContext, installerId: number) {
      const member = await isMember(auth, 'installer', installerId);
      const locations = await repository.listInstallerLocations(installerId);
      if (locations.length === 0) throw new AppError('NOT_FOUND', `Installer ${installerId} not found`);
      return member ? locations : locations.map(publicViews.location);
    },

    /** Companies the user may reach (row 4). Users read their own list; an ADMIN reads those of users of its company. */
    async listUserAccess(auth: AuthContext, userId: number): Promise<TCompanyAccessEntry[]> {
      const user = await accounts.findUser(userId);
      // An ADMIN reads the lists of users whose primary company it holds (User Management, decision 017).
      const primary = user && user.userType === auth.userType ? (user.dealerId ?? user.installerId) : null;
      const administered =
        auth.access === 'ADMIN' && primary !== null && (await accounts.mayActFor(auth.userId, primary));
      if (!user || (user.id !== auth.userId && !administered)) {
        throw new AppError('NOT_FOUND', `User ${userId} not found`);
      }
      const companies = await accounts.listCompanies(user);
      return companies.map((c) => ({
        company_id: c.companyId,
        company_type: c.companyType,
        company_name: c.companyName,
        Installer_id: c.companyType === 'specialist' ? c.companyId : null,
        Installer_Name: c.companyType === 'specialist' ? c.companyName : null,
        is_primary: c.isPrimary,
      }));
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
