import { catalogTemplateCalls as calls, templateMessages } from '@app/contracts/catalog-templates.contract';
import { ApiHttpError } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

const quiet = { isQuiet: true } as const;

export const fetchTemplates = (typeId: number) => callApi(calls.listTemplates, { params: { typeId } }, quiet);

/** Row 141: a name fragment and/or a dealership id. */
export const searchTemplates = (typeId: number, name: string, dealership: string) =>
  callApi(
    calls.searchTemplates,
    {
      params: { typeId },
      query: { ...(name ? { name } : {}), ...(dealership ? { dealership } : {}) },
    },
    quiet,
  );

export const fetchTemplateDetail = (typeId: number, templateId: number) =>
  callApi(calls.getTemplateDetail, { params: { typeId, templateId } }, quiet);

export const fetchInstallerDealerships = (typeId: number) =>
  callApi(calls.listInstallerDealerships, { params: { typeId } }, quiet);

export const fetchTemplateCatalog = (typeId: number) =>
  callApi(calls.listTemplateCatalog, { params: { typeId } }, quiet);

export type TemplateInput = { name: string; services: number[] };

/** Rows 144 (no id) and 145. */
export const saveTemplate = (typeId: number, templateId: number | null, input: TemplateInput) => {
  const body = { template_name: input.name, services: input.services, type_id: typeId };
  return templateId === null
    ? callApi(calls.createTemplate, { body }, quiet)
    : callApi(calls.updateTemplate, { params: { typeId, templateId }, body }, quiet);
};

export const deleteTemplate = (typeId: number, templateId: number) =>
  callApi(calls.deleteTemplate, { params: { typeId, templateId } }, quiet);

export const assignTemplate = (typeId: number, templateId: number, dealershipIds: number[]) =>
  callApi(
    calls.assignTemplate,
    { params: { typeId, templateId }, body: { dealership_ids: dealershipIds } },
    quiet,
  );

export const removeTemplateDealerships = (typeId: number, templateId: number, dealershipIds: number[]) =>
  callApi(
    calls.removeTemplateDealerships,
    { params: { typeId, templateId }, body: { dealership_ids: dealershipIds } },
    quiet,
  );

/** The server's text for a 4xx (002 §8 "the server's error text"), else `fallback`. */
export function describeFailure(error: unknown, fallback: string): string {
  return error instanceof ApiHttpError && error.isClientError
    ? (error.userMessage ?? error.message)
    : fallback;
}

/** M205–M208 for an assignment (002 §8, rows 139 and 140). */
export function describeAssignmentFailure(error: unknown): string {
  if (error instanceof ApiHttpError) {
    if (error.status === 404) return templateMessages.notFound;
    if (error.status >= 500) return 'Server error updating template assignment';
    if (error.status === 400) return `Bad request: ${error.message}`;
    return `Error updating template assignment: ${error.message}`;
  }
  return `Error updating template assignment: ${error instanceof Error ? error.message : String(error)}`;
}

/** The UTC day of an ISO instant: Created is shown YYYY-MM-DD (K19). */
export const createdDay = (iso: string) => iso.slice(0, 10);
