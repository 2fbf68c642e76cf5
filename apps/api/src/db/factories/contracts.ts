import { eq } from 'drizzle-orm';
import { contracts } from '../schema/contracts';
import { requestStateHistory, serviceRequests } from '../schema/service-requests';
import { type DbOrTx, firstRow } from './common';

export type Contract = typeof contracts.$inferSelect;

export type CreateContractInput = Partial<typeof contracts.$inferInsert> & {
  requestId: number;
  /** Also sets the request's contract_url to the file path (default true). */
  linkToRequest?: boolean;
  /** Writes CONTRACT_DOWNLOADED / CONTRACT_SIGNED_ELECTRONIC / CONTRACT_SIGNED_MANUAL records (default true). */
  recordHistory?: boolean;
};

/** A customer contract; electronic and signed now unless told otherwise. */
export async function createContract(db: DbOrTx, input: CreateContractInput): Promise<Contract> {
  const { linkToRequest = true, recordHistory = true, ...values } = input;
  const signatureMethod = values.signatureMethod ?? 'electronic';
  const contract = firstRow(
    await db
      .insert(contracts)
      .values({
        filePath: `contracts/request-${values.requestId}.pdf`,
        signedAt: signatureMethod === 'electronic' ? new Date() : null,
        ...values,
        signatureMethod,
      })
      .returning(),
    'contract',
  );
  if (linkToRequest) {
    await db
      .update(serviceRequests)
      .set({ contractUrl: contract.filePath })
      .where(eq(serviceRequests.id, values.requestId));
  }
  if (recordHistory) {
    const records: { requestStatus: string; stateDate: Date }[] = [];
    if (contract.downloadedAt)
      records.push({ requestStatus: 'CONTRACT_DOWNLOADED', stateDate: contract.downloadedAt });
    if (contract.signedAt) {
      records.push({
        requestStatus:
          contract.signatureMethod === 'electronic' ? 'CONTRACT_SIGNED_ELECTRONIC' : 'CONTRACT_SIGNED_MANUAL',
        stateDate: contract.signedAt,
      });
    }
    if (records.length > 0) {
      await db.insert(requestStateHistory).values(
        records.map((r) => ({
          ...r,
          requestId: contract.requestId,
          changedByUserId: contract.createdByUserId,
          changedByUserType: 'dealer',
        })),
      );
    }
  }
  return contract;
}
