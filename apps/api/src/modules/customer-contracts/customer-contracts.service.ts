import { randomUUID } from 'node:crypto';
import {
  contractMessages,
  type TContractRecord,
  type TContractSummary,
  type TUploadContractFields,
  type TUploadContractReply,
} from '@app/contracts/customer-contracts.contract';
import { AppError } from '@app/contracts/errors.contract';
import { isImage, isPdf } from '../../adapters/storage/file-type';
import { isStored } from '../../adapters/storage/is-stored';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import { toWireDate } from '../payments/payments.wire.repository';
import { buildContractPdf, type ContractDocument, type ContractSignature } from './contract-pdf';
import { contractTerms, dealerTimeZone } from './contract-terms';
import type { ContractRow, CustomerContractsRepository, PartyRow } from './customer-contracts.repository';

export type UploadedFile = { buffer: Buffer; mimetype: string; filename: string };
export type UploadMeta = { ip: string; userAgent: string };

function toRecord(row: ContractRow, sha256: string | null = null): TContractRecord {
  return {
    contractId: row.id,
    requestId: row.requestId,
    customerId: row.customerId,
    signatureMethod: row.signatureMethod as 'electronic' | 'manual',
    status: row.signedAt ? 'signed' : 'downloaded',
    signedAt: row.signedAt ? toWireDate(row.signedAt) : null,
    downloadedAt: row.downloadedAt ? toWireDate(row.downloadedAt) : null,
    contractUrl: row.filePath,
    sha256,
  };
}

function validEmail(value: string | undefined | null): string | null {
  const v = value?.trim().toLowerCase();
  return v && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? v : null;
}

/**
 * The customer contract use cases (docs/decisions/019-customer-contracts.md): the summary behind the guards,
 * signed links for the request's dealer and specialist, and the three signing steps. The PDF is stored before
 * the transaction that records it and removed again if that transaction fails, so nothing is half-written.
 */
export function createCustomerContractsService(deps: {
  db: Db;
  repository: CustomerContractsRepository;
  storage: StoragePort;
  signedUrlTtlSeconds: number;
  clock: () => Date;
}) {
  const { db, repository, storage, clock } = deps;

  async function loadForDealer(auth: AuthContext, requestId: number) {
    const request = await repository.findRequest(requestId);
    if (!request || (request.requestorDealerId !== auth.companyId && request.dealerId !== auth.companyId)) {
      throw new AppError('NOT_FOUND', contractMessages.notFound);
    }
    const dealer = await repository.findDealer(auth.companyId);
    if (dealer?.customerContract !== 'Y') throw new AppError('CONFLICT', contractMessages.invalidRequest);
    if (request.requestType !== 'dealer') throw new AppError('CONFLICT', contractMessages.dealerOnly);
    const specialist = request.assignedInstallerId
      ? await repository.findInstaller(request.assignedInstallerId)
      : null;
    if (!specialist) throw new AppError('CONFLICT', contractMessages.specialistRequired);
    return { request, dealer, specialist };
  }

  async function summaryOf(auth: AuthContext, requestId: number): Promise<TContractSummary> {
    const { request, dealer, specialist } = await loadForDealer(auth, requestId);
    const services = await repository.listServices(requestId);
    const customer = request.customerId ? await repository.findCustomer(request.customerId) : null;
    const contract = await repository.latestContract(requestId);
    // The customer's prices: each line's retail price, what the customer pays the dealer. The specialist's
    // wholesale price, its discount and the dealer's deposit to the specialist stay between those two.
    const customerPriceOf = (s: (typeof services)[number]) =>
      s.retailPriceCents ?? s.amountCents - s.discountCents;
    const subtotalCents = services.reduce((sum, s) => sum + customerPriceOf(s), 0);
    const totalCents = subtotalCents + request.taxesCents;
    return {
      requestId: request.id,
      Request_id: request.id,
      requestType: 'dealer',
      currentState: request.currentState,
      dealer: {
        id: dealer.id,
        name: dealer.name,
        email: dealer.email,
        phone: dealer.phone,
        address: dealer.address,
        timeZone: dealerTimeZone(dealer.state),
      },
      specialist,
      vehicle: {
        year: request.vehicleYear,
        make: request.vehicleMake,
        model: request.vehicleModel,
        trim: request.vehicleTrim,
        vin: request.vin && !request.vin.startsWith('NV') ? request.vin : null,
      },
      services: services.map((s) => ({
        lineId: s.lineId,
        category: s.category,
        description: s.customDescription?.trim() || s.description,
        amountCents: customerPriceOf(s),
        discountCents: 0,
        durationDays: s.durationTenths / 10,
      })),
      totals: {
        subtotalCents,
        discountCents: 0,
        taxesCents: request.taxesCents,
        totalCents,
        depositCents: 0,
        balanceDueCents: totalCents,
      },
      availableDate: toWireDate(request.availableDate),
      dueDate: request.dueDate ? toWireDate(request.dueDate) : null,
      terms: contractTerms(dealer.name),
      customer: customer
        ? {
            id: customer.id,
            name: customer.name,
            email: customer.email,
            phone: customer.phone,
            address: customer.address,
          }
        : null,
      contract: contract ? toRecord(contract) : null,
    };
  }

  function documentOf(summary: TContractSummary, customer: PartyRow): ContractDocument {
    return { ...summary, requestId: summary.requestId, customer };
  }

  async function storePdf(requestId: number, pdf: Buffer): Promise<string> {
    const key = `contracts/request-${requestId}/${randomUUID()}.pdf`;
    await storage.put(key, pdf, 'application/pdf');
    return key;
  }

  async function linkFor(requestId: number, key: string) {
    return storage.signedUrl(key, {
      expiresInSeconds: deps.signedUrlTtlSeconds,
      fileName: `contract-request-${requestId}.pdf`,
    });
  }

  return {
    summary: summaryOf,

    /**
     * Demo data only (SEED_DEMO): the seed writes contract rows without files (it has no storage), so each
     * contract whose document is missing gets one built from its recorded facts, marked as seeded on the audit
     * page. Returns how many were written.
     */
    async writeMissingDemoDocuments(): Promise<number> {
      let written = 0;
      for (const row of await repository.listContracts()) {
        if (await isStored(storage, row.filePath)) continue;
        const request = await repository.findRequest(row.requestId);
        const dealerId = row.dealerId ?? request?.requestorDealerId;
        if (!request || !dealerId) continue;
        const seededBy = {
          userId: row.createdByUserId ?? 0,
          email: 'demo-data@marketplace.local',
          userName: 'Demo data (seeded)',
          userType: 'dealer',
          groups: [],
          companyId: dealerId,
          access: 'STANDARD',
        } as AuthContext;
        const summary = await summaryOf(seededBy, row.requestId).catch(() => null);
        const customer = row.customerId ? await repository.findCustomer(row.customerId) : null;
        if (!summary || !customer) continue;
        const at = row.signedAt ?? row.downloadedAt ?? row.createdAt;
        const { pdf } = await buildContractPdf(
          documentOf(summary, customer),
          row.signatureMethod === 'electronic'
            ? { method: 'electronic', image: null }
            : { method: 'manual', signedDate: row.signedAt ? row.signedAt.toISOString().slice(0, 10) : null },
          {
            signerName: seededBy.userName,
            signerEmail: seededBy.email,
            at,
            timeZone: summary.dealer.timeZone,
            ip: 'seeded',
            userAgent: 'demo data',
            event: row.signedAt
              ? `${row.signatureMethod === 'electronic' ? 'CONTRACT_SIGNED_ELECTRONIC' : 'CONTRACT_SIGNED_MANUAL'} (demo data)`
              : 'CONTRACT_DOWNLOADED (demo data)',
          },
        );
        await storage.put(row.filePath, pdf, 'application/pdf');
        written += 1;
      }
      return written;
    },

    /** Row 159: a short-lived link to the latest contract, for the request's dealer and assigned specialist. */
    async signedUrl(auth: AuthContext, requestId: number) {
      const request = await repository.findRequest(requestId);
      const mine =
        request &&
        (auth.userType === 'dealer'
          ? request.requestorDealerId === auth.companyId || request.dealerId === auth.companyId
          : request.assignedInstallerId === auth.companyId);
      const contract = mine ? await repository.latestContract(requestId) : null;
      if (!contract) throw new AppError('NOT_FOUND', contractMessages.accessError);
      const expiresAt = new Date(clock().getTime() + deps.signedUrlTtlSeconds * 1000);
      return { signedUrl: await linkFor(requestId, contract.filePath), expiresAt: expiresAt.toISOString() };
    },

    /** Row 160: electronic signing, the manual download, or the manual confirmation (signedDate). */
    async upload(
      auth: AuthContext,
      fields: TUploadContractFields,
      files: { signature?: UploadedFile; file?: UploadedFile },
      meta: UploadMeta,
    ): Promise<TUploadContractReply> {
      const summary = await summaryOf(auth, fields.requestId);
      const customer = await repository.findCustomer(fields.customerId);
      if (!customer || (customer.dealerId !== auth.companyId && customer.id !== summary.customer?.id)) {
        throw new AppError('NOT_FOUND', `Customer ${fields.customerId} not found`);
      }
      if (summary.contract?.status === 'signed')
        throw new AppError('CONFLICT', contractMessages.alreadySigned);
      const now = clock();
      const step: 'electronic' | 'download' | 'confirm' =
        fields.signatureMethod === 'electronic' ? 'electronic' : fields.signedDate ? 'confirm' : 'download';

      let signature: ContractSignature;
      if (step === 'electronic') {
        const image = files.signature;
        if (!image || image.buffer.length === 0) {
          throw new AppError('VALIDATION_FAILED', contractMessages.signatureRequired);
        }
        if (!['image/png', 'image/jpeg'].includes(image.mimetype) || !isImage(image.buffer)) {
          throw new AppError('VALIDATION_FAILED', contractMessages.notImage);
        }
        signature = { method: 'electronic', image: image.buffer };
      } else {
        if (step === 'confirm') {
          const latest = summary.contract;
          if (latest?.signatureMethod !== 'manual') {
            throw new AppError('CONFLICT', contractMessages.notDownloaded);
          }
          const today = now.toISOString().slice(0, 10);
          if ((fields.signedDate ?? '') > today) {
            throw new AppError('VALIDATION_FAILED', 'The signing date cannot be in the future', {
              details: [{ field: 'signedDate', message: 'The signing date cannot be in the future' }],
            });
          }
        }
        if (files.file && (files.file.mimetype !== 'application/pdf' || !isPdf(files.file.buffer))) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', contractMessages.notPdf);
        }
        signature = { method: 'manual', signedDate: step === 'confirm' ? (fields.signedDate ?? null) : null };
      }

      const event =
        step === 'electronic'
          ? 'CONTRACT_SIGNED_ELECTRONIC — signed electronically on the dealer’s device'
          : step === 'confirm'
            ? `CONTRACT_SIGNED_MANUAL — signed by hand on ${fields.signedDate}, confirmed by the dealer`
            : 'CONTRACT_DOWNLOADED — built and downloaded for manual signature';
      const built = await buildContractPdf(documentOf(summary, customer), signature, {
        signerName: auth.userName,
        signerEmail: auth.email,
        at: now,
        timeZone: summary.dealer.timeZone,
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 300) || 'unknown',
        event,
      });
      const pdf = step === 'confirm' && files.file ? files.file.buffer : built.pdf;
      const key = await storePdf(summary.requestId, pdf);
      const sha256 = step === 'confirm' && files.file ? null : built.sha256;

      let row: ContractRow;
      try {
        row = await db.transaction(async (tx) => {
          await repository.lockRequest(tx, summary.requestId);
          const latest = await repository.latestContract(summary.requestId, tx);
          if (latest?.signedAt) throw new AppError('CONFLICT', contractMessages.alreadySigned);
          const signedAt = step === 'confirm' ? new Date(`${fields.signedDate}T12:00:00.000Z`) : now;
          const fresh = {
            requestId: summary.requestId,
            dealerId: auth.companyId,
            customerId: customer.id,
            filePath: key,
            createdByUserId: auth.userId,
          };
          // A manual contract not signed yet is the one to download again or confirm.
          const openManual =
            latest && !latest.signedAt && latest.signatureMethod === 'manual' ? latest : null;
          let saved: ContractRow;
          if (step === 'electronic') {
            saved = await repository.insertContract(tx, {
              ...fresh,
              signatureMethod: 'electronic',
              signedAt: now,
            });
          } else if (step === 'download') {
            saved = openManual
              ? await repository.updateContract(tx, openManual.id, {
                  customerId: customer.id,
                  downloadedAt: now,
                  filePath: key,
                })
              : await repository.insertContract(tx, {
                  ...fresh,
                  signatureMethod: 'manual',
                  downloadedAt: now,
                });
          } else {
            if (!openManual) throw new AppError('CONFLICT', contractMessages.notDownloaded);
            saved = await repository.updateContract(tx, openManual.id, {
              customerId: customer.id,
              signedAt,
              filePath: key,
            });
          }
          await repository.linkRequest(tx, summary.requestId, key, customer.id);
          await repository.writeHistory(tx, {
            requestId: summary.requestId,
            requestStatus:
              step === 'electronic'
                ? 'CONTRACT_SIGNED_ELECTRONIC'
                : step === 'confirm'
                  ? 'CONTRACT_SIGNED_MANUAL'
                  : 'CONTRACT_DOWNLOADED',
            stateDate: now,
            userId: auth.userId,
          });
          if (step !== 'download') {
            const recipients = [
              validEmail(summary.dealer.email) ?? validEmail(fields.dealerEmail),
              validEmail(customer.email) ?? validEmail(fields.customerEmail),
              validEmail(summary.specialist.email),
            ].filter((v, i, all): v is string => v !== null && all.indexOf(v) === i);
            const vehicle = [summary.vehicle.year, summary.vehicle.make, summary.vehicle.model]
              .filter(Boolean)
              .join(' ');
            for (const to of recipients) {
              await enqueueOutbox(tx, {
                channel: 'email',
                kind: 'contract-signed',
                requestId: summary.requestId,
                dedupeKey: `contract-signed:${saved.id}:${to}`,
                payload: {
                  to,
                  subject: `Signed customer contract for request #${summary.requestId}`,
                  text: [
                    `The customer contract of request #${summary.requestId} (${vehicle || 'vehicle'}) between ${summary.dealer.name} and ${customer.name} was signed ${step === 'electronic' ? 'electronically' : `by hand on ${fields.signedDate}`}.`,
                    `Specialist: ${summary.specialist.name}.`,
                    'The signed contract is attached as a PDF.',
                  ].join('\n\n'),
                  attachments: [
                    {
                      filename: `contract-request-${summary.requestId}.pdf`,
                      contentType: 'application/pdf',
                      contentBase64: pdf.toString('base64'),
                    },
                  ],
                },
              });
            }
          }
          return saved;
        });
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      return {
        success: true,
        message:
          step === 'electronic'
            ? contractMessages.signedElectronic
            : step === 'confirm'
              ? contractMessages.signedManual
              : contractMessages.downloaded,
        contract: toRecord(row, sha256),
        signedUrl: await linkFor(summary.requestId, key),
      };
    },
  };
}
export type CustomerContractsService = ReturnType<typeof createCustomerContractsService>;
