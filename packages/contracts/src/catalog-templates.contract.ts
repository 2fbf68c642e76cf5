import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * Catalog templates (catalogue rows 137–147, R17, P24, §4.26 rules 118–121, §5.21 M219–M226; 002 §2.10, §3,
 * §4, §7, §8, §9; docs/decisions/015-catalog-templates.md).
 *
 * A template is a named set of an installer's master services. Assigned to one of the installer's
 * dealerships, it limits what that dealership's wizard offers from this installer to the template's services,
 * at the installer's catalog prices (WHOLE for dealer work). A dealership has at most one current template
 * per installer (a unique index); assigning another replaces it.
 *
 * Every call is the installer's own: `typeId` (path) and `type_id` (body) must be the caller's company (403),
 * and a template of another installer answers 404.
 */
export const catalogTemplatePaths = {
  list: '/templates/:typeId',
  dealerships: '/templates/:typeId/:templateId/dealerships',
  search: '/templates/:typeId/search',
  detail: '/templates/:typeId/:templateId/detail',
  installerDealerships: '/dealerships/:typeId',
  create: '/templates',
  template: '/templates/:typeId/:templateId',
  catalog: '/services/catalog/:typeId',
} as const;

/** Messages of the spec, word for word (M205, M210–M214, M219–M226). */
export const templateMessages = {
  loadFailed: 'Failed to load templates. Please refresh the page.',
  saveFailed: 'Failed to save template. Please try again.',
  deleteFailed: 'Failed to delete template',
  deleted: 'Template deleted successfully.',
  nameRequired: 'Template name is required',
  serviceRequired: 'At least one service must be selected',
  empty: 'No templates found',
  noDealerships: 'No dealerships are currently using this template',
  notFound: 'Template or dealership not found. Please check the configuration.',
  dealerRequired: 'Dealer ID is required',
  specialistRequired: 'Specialist ID is required',
  invalidDealer: 'Invalid dealer ID',
  invalidSpecialist: 'Invalid specialist ID',
  invalidTemplate: 'Invalid template ID',
} as const;

export const TEMPLATE_NAME_MAX = 100;
/** Services a template may hold, and dealerships one call may assign or remove. */
export const TEMPLATE_LIST_MAX = 500;

const MAX_DB_ID = 2_147_483_647;
/** A positive database id given as a number or a numeric string, else `message` (rule 106). */
const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message);

const ZTypeId = z.object({ typeId: id(templateMessages.invalidSpecialist) });
const ZTemplateParams = ZTypeId.extend({ templateId: id(templateMessages.invalidTemplate) });

/** A service of a template (K78: one per master service). */
export const ZTemplateService = z.object({
  master_service_id: z.number().int(),
  description: z.string(),
  service_category: z.string(),
});

/** The template entity (002 §3). `created_date` is an ISO instant; the screen shows its UTC day. */
export const ZTemplate = z.object({
  template_id: z.number().int(),
  template_name: z.string(),
  created_date: z.string(),
  dealership_count: z.number().int(),
  service_count: z.number().int(),
  services: z.array(ZTemplateService),
});
export type TTemplate = z.infer<typeof ZTemplate>;

/** A template dealership entry (002 §3). */
export const ZTemplateDealership = z.object({
  dealer_id: z.number().int(),
  dealer_name: z.string(),
  dealer_address_city: z.string().nullable(),
  dealer_address_state: z.string().nullable(),
});
export type TTemplateDealership = z.infer<typeof ZTemplateDealership>;

/** One of the installer's dealerships (row 143), with the template it currently has from this installer. */
export const ZInstallerDealership = ZTemplateDealership.extend({
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
});
export type TInstallerDealership = z.infer<typeof ZInstallerDealership>;

export const ZTemplateDetail = ZTemplate.extend({ dealerships: z.array(ZTemplateDealership) });
export type TTemplateDetail = z.infer<typeof ZTemplateDetail>;

/** A master service of the template-building catalog (row 147). */
export const ZTemplateCatalogService = z.object({
  master_service_id: z.number().int(),
  description: z.string(),
  service_category: z.string(),
  duration_days: z.number(),
});
export type TTemplateCatalogService = z.infer<typeof ZTemplateCatalogService>;

/** Rows 144 and 145: template_name, services (master service ids), type_id. */
export const ZTemplateBody = z.object({
  template_name: z
    .string({ error: templateMessages.nameRequired })
    .trim()
    .min(1, templateMessages.nameRequired)
    .max(TEMPLATE_NAME_MAX, `At most ${TEMPLATE_NAME_MAX} characters`),
  services: z
    .array(id('Invalid service ID'), { error: templateMessages.serviceRequired })
    .min(1, templateMessages.serviceRequired)
    .max(TEMPLATE_LIST_MAX, `At most ${TEMPLATE_LIST_MAX} services`),
  type_id: id(templateMessages.invalidSpecialist),
});
export type TTemplateBody = z.infer<typeof ZTemplateBody>;
/** Row 145: the same body; type_id may be left out (the path names the installer). */
export const ZTemplateUpdateBody = ZTemplateBody.extend({
  type_id: id(templateMessages.invalidSpecialist).optional(),
});

/** Rows 139 and 140: the dealerships to assign the template to, or to remove it from. */
export const ZDealershipIdsBody = z.object({
  dealership_ids: z
    .array(id(templateMessages.invalidDealer), { error: templateMessages.dealerRequired })
    .min(1, templateMessages.dealerRequired)
    .max(TEMPLATE_LIST_MAX, `At most ${TEMPLATE_LIST_MAX} dealerships`),
});

export const ZAssignReply = z.object({
  success: z.literal(true),
  message: z.string(),
  template_id: z.number().int(),
  dealership_ids: z.array(z.number().int()),
  /** Dealerships whose previous template of this installer the assignment replaced. */
  replaced: z.array(z.object({ dealer_id: z.number().int(), template_id: z.number().int() })),
});
export const ZRemoveReply = z.object({
  success: z.literal(true),
  message: z.string(),
  template_id: z.number().int(),
  /** Dealerships that had this template and no longer do. */
  removed: z.array(z.number().int()),
});

/** Row 141: a name fragment, or a dealership (its id, or a fragment of its name); both narrow together. */
export const ZTemplateSearchQuery = z.object({
  name: z.string().trim().max(TEMPLATE_NAME_MAX).optional(),
  dealership: z.string().trim().max(120).optional(),
});

const installerOnly = (effect: 'read' | 'write') => ({ effect, roles: ['installer'] }) as const;
const tags = ['catalog-templates'] as const;

/** Rows 137–147. */
export const catalogTemplateCalls = {
  listTemplates: defineCall({
    operationId: 'listTemplates',
    method: 'GET',
    path: catalogTemplatePaths.list,
    params: ZTypeId,
    reply: z.array(ZTemplate),
    errors: [],
    access: installerOnly('read'),
    summary: 'The installer’s templates with dealership and service counts, newest first (row 137)',
    tags,
  }),
  listTemplateDealerships: defineCall({
    operationId: 'listTemplateDealerships',
    method: 'GET',
    path: catalogTemplatePaths.dealerships,
    params: ZTemplateParams,
    reply: z.array(ZTemplateDealership),
    errors: ['NOT_FOUND'],
    access: installerOnly('read'),
    summary: 'Dealerships currently using a template (row 138)',
    tags,
  }),
  assignTemplate: defineCall({
    operationId: 'assignTemplate',
    method: 'POST',
    path: catalogTemplatePaths.dealerships,
    params: ZTemplateParams,
    body: ZDealershipIdsBody,
    reply: ZAssignReply,
    errors: ['NOT_FOUND'],
    access: installerOnly('write'),
    summary:
      'Assigns a template to dealerships, replacing their current template of this installer (row 139)',
    tags,
  }),
  removeTemplateDealerships: defineCall({
    operationId: 'removeTemplateDealerships',
    method: 'DELETE',
    path: catalogTemplatePaths.dealerships,
    params: ZTemplateParams,
    body: ZDealershipIdsBody,
    reply: ZRemoveReply,
    errors: ['NOT_FOUND'],
    access: installerOnly('write'),
    summary: 'Removes a template from dealerships (row 140)',
    tags,
  }),
  searchTemplates: defineCall({
    operationId: 'searchTemplates',
    method: 'GET',
    path: catalogTemplatePaths.search,
    params: ZTypeId,
    query: ZTemplateSearchQuery,
    reply: z.array(ZTemplate),
    errors: [],
    access: installerOnly('read'),
    summary: 'Templates by name fragment and/or dealership (row 141)',
    tags,
  }),
  getTemplateDetail: defineCall({
    operationId: 'getTemplateDetail',
    method: 'GET',
    path: catalogTemplatePaths.detail,
    params: ZTemplateParams,
    reply: ZTemplateDetail,
    errors: ['NOT_FOUND'],
    access: installerOnly('read'),
    summary: 'A template with its services and dealerships (row 142)',
    tags,
  }),
  listInstallerDealerships: defineCall({
    operationId: 'listInstallerDealerships',
    method: 'GET',
    path: catalogTemplatePaths.installerDealerships,
    params: ZTypeId,
    reply: z.array(ZInstallerDealership),
    errors: [],
    access: installerOnly('read'),
    summary:
      'The installer’s dealerships with their current template, for the filter and assignment (row 143)',
    tags,
  }),
  createTemplate: defineCall({
    operationId: 'createTemplate',
    method: 'POST',
    path: catalogTemplatePaths.create,
    body: ZTemplateBody,
    reply: ZTemplateDetail,
    status: 201,
    errors: ['CONFLICT'],
    access: installerOnly('write'),
    summary: 'Creates a template from master services of the installer’s catalog (row 144)',
    tags,
  }),
  updateTemplate: defineCall({
    operationId: 'updateTemplate',
    method: 'PUT',
    path: catalogTemplatePaths.template,
    params: ZTemplateParams,
    body: ZTemplateUpdateBody,
    reply: ZTemplateDetail,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: installerOnly('write'),
    summary: 'Renames a template and replaces its services (row 145)',
    tags,
  }),
  deleteTemplate: defineCall({
    operationId: 'deleteTemplate',
    method: 'DELETE',
    path: catalogTemplatePaths.template,
    params: ZTemplateParams,
    reply: z.object({ success: z.literal(true), message: z.string() }),
    errors: ['NOT_FOUND'],
    access: installerOnly('write'),
    summary: 'Deletes a template and its assignments (row 146)',
    tags,
  }),
  listTemplateCatalog: defineCall({
    operationId: 'listTemplateCatalog',
    method: 'GET',
    path: catalogTemplatePaths.catalog,
    params: ZTypeId,
    reply: z.array(ZTemplateCatalogService),
    errors: [],
    access: installerOnly('read'),
    summary:
      'The installer’s services for template building: one per master service, no custom ones (row 147)',
    tags,
  }),
};

/** Rule 120: services with 'custom' in the description are not offered for templates. */
export function isTemplateEligible(description: string): boolean {
  return !/custom/i.test(description);
}
