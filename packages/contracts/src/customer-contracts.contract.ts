import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * The dealer's customer contract (R23, P28; catalogue rows 159, 160, §3.10, §4.29, §5.9; 002 §2.15; decision 10;
 * docs/decisions/019-customer-contracts.md). The server builds the PDF (with the electronic signature and an
 * audit page), stores it behind the storage port, records the contract states and e-mails the copies.
 */
export const customerContractPaths = {
  summary: '/contracts/:requestId',
  signedUrl: '/signedURL',
  upload: '/uploadContract',
  storageObject: '/storage/object',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);

/** Upload limits (multipart): one signature image and/or one PDF. */
export const CONTRACT_UPLOAD_LIMITS = {
  /** The signed-copy PDF a dealer may upload with the manual confirmation. */
  pdfBytes: 10 * 1024 * 1024,
  /** The signature canvas image (500×200 PNG is a few KB). */
  signatureBytes: 512 * 1024,
} as const;

export const SIGNATURE_CANVAS = { width: 500, height: 200 } as const;

/** Messages M50–M62 (verbatim) and the server's own. */
export const contractMessages = {
  accessError: 'Error accessing contract.',
  invalidRequest: 'Invalid contract request. Redirecting back to requests.',
  notFound: 'Request not found. Redirecting back to requests.',
  dealerOnly: 'Contracts can only be created for dealer requests.',
  specialistRequired: 'A specialist must be assigned before creating a contract.',
  loadFailed: 'Error loading contract data. Please try again.',
  electronicFailed: 'Failed to process electronic signature. Please try again.',
  manualFailed: 'Failed to record manual signature. Please try again.',
  printFailed: 'Failed to generate contract for printing. Please try again.',
  signedElectronic:
    'Contract signed electronically! Copies have been emailed to all parties and the specialist has been notified.',
  signedManual: 'Manual signature recorded successfully!',
  downloaded: 'Contract has been saved to your account and downloaded for manual signature.',
  signatureRequired: 'Please provide a signature before continuing.',
  /** Server: START SERVICE / CHECK IN before a required contract is signed (decision 10). */
  contractRequired: 'The customer contract must be signed before work can start.',
  alreadySigned: 'This contract is already signed.',
  notDownloaded: 'Download the contract for manual signature before confirming it.',
  notPdf: 'The contract file must be a PDF.',
  notImage: 'The signature must be a PNG or JPEG image.',
  tooLarge: 'The file is too large.',
} as const;

export const ZContractParams = z.object({ requestId: ZDbId });
export const ZSignedUrlQuery = z.object({ requestId: ZDbId });

export const ZContractStatus = z.enum(['downloaded', 'signed']);
export const ZSignatureMethod = z.enum(['electronic', 'manual']);
export type TSignatureMethod = z.infer<typeof ZSignatureMethod>;

export const ZContractRecord = z.object({
  contractId: z.number().int(),
  requestId: z.number().int(),
  customerId: z.number().int().nullable(),
  signatureMethod: ZSignatureMethod,
  status: ZContractStatus,
  /** 'YYYY/MM/DD HH:mm:ss' UTC. */
  signedAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
  /** The stored document's key (the request's contract_url). */
  contractUrl: z.string(),
  /** SHA-256 (hex) of the stored PDF. */
  sha256: z.string().nullable(),
});
export type TContractRecord = z.infer<typeof ZContractRecord>;

const ZParty = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
});

/** Step 2's summary, the same facts the PDF shows (docs/decisions/026). Money in cents. */
export const ZContractSummary = z.object({
  requestId: z.number().int(),
  Request_id: z.number().int(),
  requestType: z.literal('dealer'),
  currentState: z.string(),
  dealer: ZParty.extend({ timeZone: z.string() }),
  specialist: ZParty,
  vehicle: z.object({
    year: z.number().int().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    trim: z.string().nullable(),
    vin: z.string().nullable(),
  }),
  services: z.array(
    z.object({
      /** The request's service line id. */
      lineId: z.number().int(),
      category: z.string(),
      description: z.string(),
      amountCents: z.number().int(),
      discountCents: z.number().int(),
      durationDays: z.number(),
    }),
  ),
  totals: z.object({
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    taxesCents: z.number().int(),
    totalCents: z.number().int(),
    depositCents: z.number().int(),
    balanceDueCents: z.number().int(),
  }),
  /** 'YYYY/MM/DD HH:mm:ss' UTC. */
  availableDate: z.string(),
  dueDate: z.string().nullable(),
  terms: z.array(z.string()),
  /** The request's customer, if one is linked (the form starts with it). */
  customer: ZParty.nullable(),
  /** The latest contract of the request, if any. */
  contract: ZContractRecord.nullable(),
});
export type TContractSummary = z.infer<typeof ZContractSummary>;

export const ZSignedUrlReply = z.object({ signedUrl: z.string(), expiresAt: z.string() });

/** The text fields of POST uploadContract (multipart); files: `signature` (PNG/JPEG) and `file` (PDF). */
export const ZUploadContractFields = z.object({
  requestId: ZDbId,
  customerId: ZDbId,
  dealerEmail: z.string().trim().max(254).optional(),
  customerEmail: z.string().trim().max(254).optional(),
  signatureMethod: ZSignatureMethod,
  /** Manual confirmation: the signing date (YYYY-MM-DD, default today); without it, a manual upload is the download. */
  signedDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'signedDate must be YYYY-MM-DD')
    .optional(),
});
export type TUploadContractFields = z.infer<typeof ZUploadContractFields>;

export const ZUploadContractReply = z.object({
  success: z.literal(true),
  message: z.string(),
  contract: ZContractRecord,
  /** A short-lived link to the stored PDF (the manual download opens it). */
  signedUrl: z.string(),
});
export type TUploadContractReply = z.infer<typeof ZUploadContractReply>;

export const ZStorageObjectQuery = z.object({
  key: z.string().min(1).max(512),
  expires: z.coerce.number().int().positive(),
  name: z.string().max(200).optional(),
  signature: z.string().min(1).max(200),
});

export const customerContractCalls = {
  summary: defineCall({
    operationId: 'getContractSummary',
    method: 'GET',
    path: customerContractPaths.summary,
    params: ZContractParams,
    reply: ZContractSummary,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: { effect: 'read', roles: ['dealer'] },
    summary: 'The contract screen: guards, parties, vehicle, services, totals, terms and the contract so far',
    tags: ['contracts'],
  }),
  signedUrl: defineCall({
    operationId: 'getContractSignedUrl',
    method: 'GET',
    path: customerContractPaths.signedUrl,
    query: ZSignedUrlQuery,
    reply: ZSignedUrlReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary:
      "Row 159: a short-lived link to the request's contract (its dealer and assigned specialist only)",
    tags: ['contracts'],
  }),
  upload: defineCall({
    operationId: 'uploadContract',
    method: 'POST',
    path: customerContractPaths.upload,
    reply: ZUploadContractReply,
    status: 201,
    otherStatuses: [200],
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
    access: { effect: 'write', roles: ['dealer'] },
    summary:
      'Row 160 (multipart): sign electronically (signature image), download for manual signing, or confirm the manual signature (signedDate, optional signed PDF)',
    description:
      'multipart/form-data fields: requestId, customerId, dealerEmail, customerEmail, signatureMethod (electronic|manual), signedDate (YYYY-MM-DD, manual confirmation); files: signature (image/png or image/jpeg, electronic), file (application/pdf, optional signed copy).',
    tags: ['contracts'],
  }),
  storageObject: defineCall({
    operationId: 'getStoredObject',
    method: 'GET',
    path: customerContractPaths.storageObject,
    query: ZStorageObjectQuery,
    reply: z.string().meta({
      description: 'The stored file: application/pdf, or image/png / image/jpeg when the name says so',
    }),
    errors: ['NOT_FOUND'],
    access: { public: true },
    summary:
      'Opens a signed link of the local storage adapter (HMAC, expiring); 403 when expired or tampered',
    tags: ['contracts'],
  }),
} as const;
