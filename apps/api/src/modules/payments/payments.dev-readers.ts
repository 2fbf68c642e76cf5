import { AppError } from '@app/contracts/errors.contract';
import type { TDevReaderBody, TDevReaderReply } from '@app/contracts/payments.contract';
import type { LocalPaymentAdapter } from '../../adapters/payments/local-payment-adapter';
import type { AuthContext } from '../../platform/security/auth-context';
import type { PaymentsContext } from './payments.context';

/** Simulated readers (dev call): how the local adapter's reader answers the next payment. */
export function createDevReaders({ db, port, repo }: PaymentsContext) {
  function localAdapter(): LocalPaymentAdapter {
    if (port.kind !== 'local')
      throw new AppError('NOT_FOUND', 'Simulated readers exist only with the local payment adapter');
    return port as LocalPaymentAdapter;
  }

  /** A simulated reader is the caller's when it is at one of its installer's locations; else 404, as if absent. */
  async function assertOwnReader(auth: AuthContext, readerId: string) {
    const locations = auth.userType === 'installer' ? await repo.listReaderLocations(db, auth.companyId) : [];
    if (!locations.some((l) => l.cardReaderId === readerId)) {
      throw new AppError('NOT_FOUND', `Card reader ${readerId} was not found at your locations`);
    }
  }

  async function setReaderBehaviour(
    auth: AuthContext,
    readerId: string,
    body: TDevReaderBody,
  ): Promise<TDevReaderReply> {
    await assertOwnReader(auth, readerId);
    const setting = await localAdapter().setReaderSetting(readerId, body);
    return { readerId, ...setting };
  }

  async function getReaderBehaviour(auth: AuthContext, readerId: string): Promise<TDevReaderReply> {
    await assertOwnReader(auth, readerId);
    const setting = await localAdapter().getReaderSetting(readerId);
    return { readerId, ...setting };
  }

  return { setReaderBehaviour, getReaderBehaviour };
}
