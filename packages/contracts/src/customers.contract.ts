import { z } from 'zod';
import { defineCall } from './call.contract';
import { ZCustomerJob } from './vehicles.contract';

/**
 * Customers, dealerships, dealer team contacts, vendor preferences, specialists near a dealer and US
 * addresses (catalogue rows 78–82, 124–134; 001 §3, §5, §7; 002 §5).
 */
export const customerPaths = {
  customers: '/customers',
  customer: '/customers/:id',
  customerSingular: '/customer/:id',
  customerInstall: '/customerInstall/:typeId',
  dealerInstall: '/dealerInstall/:typeId',
  dealers: '/dealers',
  dealer: '/dealers/:id',
  dealerSingular: '/dealer/:id',
  dealerPreferences: '/dealer/preferences/:dealerId',
  dealerTeam: '/dealer/:dealerId/team',
  dealerContacts: '/dealer/contacts',
  proximity: '/installerProximity/:dealerId',
  proximityCategory: '/installerProximity/:dealerId/:category',
  zip: '/address/zip/:zip',
  customerJobs: '/getcustomerjobs/:customerId/:typeId',
  dealerJobs: '/getdealerjobs/:dealerId/:typeId',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
export const ZIdParams = z.object({ id: ZDbId });
export const ZTypeIdParams = z.object({ typeId: ZDbId });
export const ZDealerIdParams = z.object({ dealerId: ZDbId });
/** The most rows a list or type-ahead answers; `limit` asks for fewer (the customers screen's type-ahead). */
export const MAX_PARTY_ROWS = 500;
export const ZSearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PARTY_ROWS).optional(),
});
export const ZCustomerJobsParams = z.object({ customerId: ZDbId, typeId: ZDbId });
export const ZDealerJobsParams = z.object({ dealerId: ZDbId, typeId: ZDbId });

/** 10 digits once spaces, dashes, dots, parentheses and a leading +1 are taken out (K52). */
export function normalizePhone(value: string): string | null {
  let digits = value.replace(/[\s().-]/g, '');
  if (digits.startsWith('+1')) digits = digits.slice(2);
  else if (digits.startsWith('+')) return null;
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return /^\d{10}$/.test(digits) ? digits : null;
}

export const phoneMessage = 'Phone number must be 10 digits';
export const emailMessage = 'Please enter a valid email address';
export const nameRequiredMessage = 'Name is required';

/** What the OpenAPI document says a phone looks like (normalizePhone is the exact rule): 10 digits, maybe +1. */
const phoneDocPattern = '[\\s().-]*(?:\\+[\\s().-]*1)?(?:[\\s().-]*\\d){10,11}[\\s().-]*';

/** A 10-digit phone; with `allowEmpty`, '' passes as ''. */
const phoneField = (allowEmpty: boolean) =>
  z
    .string()
    .transform((v, ctx) => {
      if (allowEmpty && v.trim() === '') return '';
      const phone = normalizePhone(v);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: phoneMessage });
        return z.NEVER;
      }
      return phone;
    })
    .meta({ pattern: allowEmpty ? `^(?:\\s*|${phoneDocPattern})$` : `^${phoneDocPattern}$` });
const ZPhone = phoneField(false);
const ZPhoneOrEmpty = phoneField(true);
const ZEmail = z.string().trim().toLowerCase().pipe(z.email(emailMessage)).meta({ format: 'email' });
const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** The customer entity (001 §3, 002 §3). */
export const ZCustomer = z.object({
  customer_id: z.number().int(),
  customerId: z.number().int(),
  customer_name: z.string(),
  customer_Email_Address: z.string().nullable(),
  customer_phone_number: z.string().nullable(),
  customer_address: z.string().nullable(),
  customer_type: z.string(),
  owning_installer: z.number().int(),
  stripe_customer_id: z.string().nullable(),
  dealer_id: z.number().int().nullable(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

/**
 * POST /customers. The installer wizard and customers screen send name, e-mail and phone (all required,
 * 4.15/4.23); a dealer's referral flow sends name and e-mail with owningInstaller 0 (phone optional).
 */
export const ZCreateCustomerBody = z.object({
  customerName: z.string().trim().min(1, nameRequiredMessage).max(120),
  customerEmailAddress: ZEmail.nullish(),
  customerPhoneNumber: ZPhoneOrEmpty.nullish(),
  customerAddress: ZOptionalText(300),
  customerType: z.string().trim().min(1).max(40).default('Prospect'),
  owningInstaller: z.coerce.number().int().min(0).max(MAX_DB_ID).nullish(),
});
export type TCreateCustomerBody = z.infer<typeof ZCreateCustomerBody>;

/** PUT /customer/{customerId} (002 UPDATE CUSTOMER): name, phone and e-mail required. */
export const ZUpdateCustomerBody = z.object({
  customerName: z.string().trim().min(1, nameRequiredMessage).max(120),
  customerEmailAddress: ZEmail,
  customerPhoneNumber: ZPhone,
  customerAddress: ZOptionalText(300),
  customerType: z.string().trim().min(1).max(40).optional(),
  customerId: z.coerce.number().int().optional(),
  // stripeCustomerId (row 126) is not accepted: the server creates the payment customer and keeps its id.
});
/** PUT /customers/{id} (row 125): customerType, owningInstaller. */
export const ZPatchCustomerBody = z.object({
  customerType: z.string().trim().min(1).max(40).optional(),
  owningInstaller: z.coerce.number().int().min(0).max(MAX_DB_ID).optional(),
});
export const ZCreatedId = z.object({ success: z.literal(true), id: z.number().int() });
export const ZCreateCustomerReply = ZCreatedId.extend({
  customerId: z.number().int(),
  customer_id: z.number().int(),
});
export const ZSuccess = z.object({ success: z.literal(true) });

/** The dealer entity as the installer's customers screen and wizard use it (002 §3). */
export const ZDealer = z.object({
  dealer_id: z.number().int(),
  dealerId: z.number().int(),
  dealer_name: z.string(),
  dealer_email: z.string().nullable(),
  /** Where invoices go (read-only on the customers screen, 002 §2.9). */
  billing_email: z.string().nullable().optional(),
  dealer_phone_number: z.string().nullable(),
  dealer_address_line1: z.string().nullable(),
  dealer_address_line2: z.string().nullable(),
  dealer_address_city: z.string().nullable(),
  dealer_address_state: z.string().nullable(),
  dealer_address_zip: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Only on a dealer's own record: installers are shown no payment-provider ids. */
  stripe_customer_id: z.string().nullable().optional(),
  installer_categories: z.string().nullable(),
  dealerActive: z.number().int(),
  customer_contract: z.enum(['Y', 'N']),
  customerContract: z.enum(['Y', 'N']),
});
export type TDealer = z.infer<typeof ZDealer>;

/** POST /dealers (installer wizard, 4.16): all required; name ≥ 2, address ≥ 5, city ≥ 2, state = 2, zip 5–10. */
export const ZCreateDealerBody = z.object({
  dealerName: z.string().trim().min(2, 'Name must be at least 2 characters').max(120),
  dealerEmail: ZEmail,
  dealerPhoneNumber: ZPhone,
  dealerAddressLine1: z.string().trim().min(5, 'Address must be at least 5 characters').max(200),
  dealerAddressLine2: ZOptionalText(200),
  dealerAddressCity: z.string().trim().min(2, 'City must be at least 2 characters').max(80),
  dealerAddressState: z
    .string()
    .trim()
    .length(2, 'State must be 2 letters')
    .transform((v) => v.toUpperCase()),
  dealerAddressZip: z
    .string()
    .trim()
    .min(5, 'ZIP must be 5 to 10 characters')
    .max(10, 'ZIP must be 5 to 10 characters'),
  installerCategories: z
    .union([z.string().max(300), z.array(z.string().max(60))])
    .nullish()
    .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? null))),
  dealerActive: z.union([z.literal(1), z.literal(0), z.boolean()]).optional(),
  customerContract: z.enum(['Y', 'N']).default('N'),
});
export type TCreateDealerBody = z.infer<typeof ZCreateDealerBody>;

/** PUT /dealers/{dealerId} and /dealer/{dealerId} (002 §5: e-mail required and valid, the rest optional). */
export const ZUpdateDealerBody = z.object({
  dealerId: z.coerce.number().int().optional(),
  dealerName: z.string().trim().min(2).max(120).optional(),
  dealerEmail: ZEmail,
  dealerPhoneNumber: ZPhoneOrEmpty.nullish(),
  // stripeCustomerId (row 131) is not accepted: the server creates the payment customer and keeps its id.
  dealerAddressLine1: ZOptionalText(200),
  dealerAddressLine2: ZOptionalText(200),
  dealerAddressCity: ZOptionalText(80),
  dealerAddressState: ZOptionalText(2),
  dealerAddressZip: ZOptionalText(10),
  latitude: z.coerce.number().min(-90).max(90).nullish(),
  longitude: z.coerce.number().min(-180).max(180).nullish(),
});
export const ZCreateDealerReply = ZCreatedId.extend({
  dealerId: z.number().int(),
  dealer_id: z.number().int(),
});

/** GET /dealer/preferences/{dealerId}: one entry per category (stored, or the dealer-wide default). */
export const ZVendorPreference = z.object({
  category_name: z.string(),
  vendor_visibility_mode: z.enum(['all', 'preferred']),
  default_vendor_id: z.number().int().nullable(),
  default_vendor_name: z.string().nullable(),
  /** False when the entry is the dealer-wide default, not a stored preference. */
  is_stored: z.boolean(),
});

/** A specialist near the dealer (rows 79–80). */
export const ZProximityInstaller = z.object({
  Installer_id: z.number().int(),
  Installer_Name: z.string(),
  dealer_preferred: z.union([z.literal(0), z.literal(1)]),
  /** Great-circle miles from the dealership; null when either has no coordinates. */
  distance_miles: z.number().nullable(),
  installer_category: z.string().nullable(),
  categories: z.array(z.string()),
  is_default_vendor: z.boolean(),
});
export type TProximityInstaller = z.infer<typeof ZProximityInstaller>;
export const ZProximityParams = z.object({ dealerId: ZDbId, category: z.string().min(1).max(80) });

/** GET /dealer/{dealerId}/team */
export const ZTeamContact = z.object({
  User_id: z.number().int(),
  user_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  contact_role: z.string().nullable(),
  login_enabled: z.boolean(),
  user_status: z.string(),
});
export const contactRequiredMessage = 'Name and email are required';
/** POST /dealer/contacts */
export const ZCreateContactBody = z.object({
  name: z.string().trim().max(120).default(''),
  email: z.string().trim().max(200).default(''),
  phone: ZPhoneOrEmpty.nullish(),
  role: ZOptionalText(80),
  dealerId: ZDbId,
  createdBy: z.coerce.number().int().optional(),
  login_enabled: z.literal(false).optional(),
  user_status: z.literal('contact').optional(),
});
export const ZCreateContactReply = ZTeamContact.extend({
  success: z.literal(true),
  userId: z.number().int(),
});

export const ZZipParams = z.object({ zip: z.string().trim().max(10) });
export const ZZipCompletion = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  stateName: z.string(),
  country: z.literal('US'),
  precision: z.enum(['zip', 'prefix']),
});

/** `{ success: true, message }`: the answer of the update calls. */
export const ZMessageReply = ZSuccess.extend({ message: z.string() });

const tags = ['customers'] as const;

/** Customers, dealerships, dealer teams and ZIP completion (catalogue rows 78, 124–134; decision 008). */
export const customerCalls = {
  createCustomer: defineCall({
    operationId: 'createCustomer',
    method: 'POST',
    path: customerPaths.customers,
    body: ZCreateCustomerBody,
    reply: ZCreateCustomerReply,
    errors: [],
    access: { effect: 'write' },
    summary:
      'Create a customer (installers: name, e-mail, 10-digit phone; dealers’ referral flow: owningInstaller 0)',
    tags,
  }),
  listCustomers: defineCall({
    operationId: 'listCustomers',
    method: 'GET',
    path: customerPaths.customers,
    query: ZSearchQuery,
    reply: z.array(ZCustomer),
    errors: [],
    access: { effect: 'read' },
    summary: 'The caller’s customers (?q= searches name and phone)',
    tags,
  }),
  getCustomer: defineCall({
    operationId: 'getCustomer',
    method: 'GET',
    path: customerPaths.customer,
    aliases: [customerPaths.customerSingular],
    params: ZIdParams,
    reply: ZCustomer,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'One customer',
    tags,
  }),
  updateCustomer: defineCall({
    operationId: 'updateCustomer',
    method: 'PUT',
    path: customerPaths.customerSingular,
    params: ZIdParams,
    body: ZUpdateCustomerBody,
    reply: ZMessageReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'write' },
    summary: 'UPDATE CUSTOMER (name, e-mail, 10-digit phone required)',
    tags,
  }),
  patchCustomer: defineCall({
    operationId: 'patchCustomer',
    method: 'PUT',
    path: customerPaths.customer,
    params: ZIdParams,
    body: ZPatchCustomerBody,
    reply: ZSuccess,
    errors: ['NOT_FOUND'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Set customerType, or take an unowned (referral) customer for the caller’s company',
    tags,
  }),
  listInstallerCustomers: defineCall({
    operationId: 'listInstallerCustomers',
    method: 'GET',
    path: customerPaths.customerInstall,
    params: ZTypeIdParams,
    query: ZSearchQuery,
    reply: z.array(ZCustomer),
    errors: [],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'An installer’s customers for the wizard type-ahead (?q=)',
    tags,
  }),
  listInstallerDealers: defineCall({
    operationId: 'listInstallerDealers',
    method: 'GET',
    path: customerPaths.dealerInstall,
    params: ZTypeIdParams,
    query: ZSearchQuery,
    reply: z.array(ZDealer),
    errors: [],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'An installer’s dealerships for the wizard type-ahead (?q=)',
    tags,
  }),
  listDealers: defineCall({
    operationId: 'listDealers',
    method: 'GET',
    path: customerPaths.dealers,
    query: ZSearchQuery,
    reply: z.array(ZDealer),
    errors: [],
    access: { effect: 'read' },
    summary: 'Dealerships: an installer’s own; a dealer gets its record',
    tags,
  }),
  createDealer: defineCall({
    operationId: 'createDealer',
    method: 'POST',
    path: customerPaths.dealers,
    body: ZCreateDealerBody,
    reply: ZCreateDealerReply,
    errors: [],
    // No `roles`: a dealer's invalid body is answered 400 before the service refuses dealers (tested).
    access: { effect: 'write' },
    summary: 'An installer adds a dealership (all fields required; 4.16)',
    tags,
  }),
  updateDealer: defineCall({
    operationId: 'updateDealer',
    method: 'PUT',
    path: customerPaths.dealer,
    aliases: [customerPaths.dealerSingular],
    params: ZIdParams,
    body: ZUpdateDealerBody,
    reply: ZMessageReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'write' },
    summary: 'Update a dealership (e-mail required)',
    tags,
  }),
  listVendorPreferences: defineCall({
    operationId: 'listVendorPreferences',
    method: 'GET',
    path: customerPaths.dealerPreferences,
    params: ZDealerIdParams,
    reply: z.array(ZVendorPreference),
    errors: ['NOT_FOUND'],
    access: { effect: 'read', roles: ['dealer'] },
    summary: 'Vendor visibility per category (all | preferred) and the default vendor',
    tags,
  }),
  listDealerTeam: defineCall({
    operationId: 'listDealerTeam',
    method: 'GET',
    path: customerPaths.dealerTeam,
    params: ZDealerIdParams,
    reply: z.array(ZTeamContact),
    errors: [],
    access: { effect: 'read', roles: ['dealer'] },
    summary: 'The dealership’s team (users and contacts) for “contact to notify”',
    tags,
  }),
  createDealerContact: defineCall({
    operationId: 'createDealerContact',
    method: 'POST',
    path: customerPaths.dealerContacts,
    body: ZCreateContactBody,
    reply: ZCreateContactReply,
    errors: [],
    access: { effect: 'write', roles: ['dealer'] },
    summary: 'Add a team contact (login disabled, status contact)',
    tags,
  }),
  completeZip: defineCall({
    operationId: 'completeZip',
    method: 'GET',
    path: customerPaths.zip,
    params: ZZipParams,
    reply: ZZipCompletion,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'City and state of a US ZIP (5 digits or ZIP+4), from the table shipped with the product',
    tags: ['address'],
  }),
  listCustomerJobsOf: defineCall({
    operationId: 'getCustomerJobs',
    method: 'GET',
    path: customerPaths.customerJobs,
    params: ZCustomerJobsParams,
    reply: z.array(ZCustomerJob),
    errors: [],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'SHOW JOBS: the specialist’s jobs for a retail customer, newest first (row 135)',
    tags,
  }),
  listDealerJobsOf: defineCall({
    operationId: 'getDealerJobs',
    method: 'GET',
    path: customerPaths.dealerJobs,
    params: ZDealerJobsParams,
    reply: z.array(ZCustomerJob),
    errors: [],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'SHOW JOBS: the specialist’s jobs for a dealership, newest first (row 136)',
    tags,
  }),
};
