/**
 * The edit screen's lines seen as the wizards' selected services (so the wizards' Work step edits them), and
 * back as the lines of PUT /requestimates/{id}/update-transaction: a line the job already had keeps its id
 * (and its price); the others are new and priced by the server from the catalog.
 */

import type { TSessionUser } from '@app/contracts/auth.contract';
import type { TCatalogService } from '@app/contracts/catalog.contract';
import type { TEditJobContext } from '@app/contracts/edit-job.contract';
import type { TRequestimate, TRequestService } from '@app/contracts/service-requests.contract';
import { toLineInput, type WizardMode } from '../request-wizard/service-lines';
import type { SelectedService } from '../request-wizard/wizard-rules';

/** The selection id of a stored line: its catalog row, or (custom work without one) minus the line id. */
export function selectionIdOf(line: TRequestService): number {
  return line.catalog_service_id ?? -line.service_id;
}

function asCatalogService(line: TRequestService, ctx: TEditJobContext): TCatalogService {
  return {
    service_id: selectionIdOf(line),
    master_service_id: line.master_service_id ?? 0,
    service_category: line.service_category,
    description: line.description,
    service_cost: line.service_amount,
    service_amount: line.service_amount,
    service_discount: 0,
    service_discount_percent: 0,
    duration_days: line.duration_days,
    installer_category: line.service_category,
    installer_id: ctx.catalogInstallerId,
    installer_name: '',
    market_size: null,
    overrides: '',
    vehicle_size: ctx.size,
    data_collect: 'N',
    wholesale_price: null,
    retail_price: line.retail_price,
    custom_description: line.custom_description,
    catalog: ctx.catalog,
    price_source: 'size-row',
    is_custom: line.custom_description !== null,
  };
}

/** The job's lines as selected services, in their order, and which selection id is which line. */
export function selectionFromLines(ctx: TEditJobContext): {
  services: SelectedService[];
  lineIds: Map<number, number>;
} {
  const lineIds = new Map<number, number>();
  const services = [...ctx.services]
    .sort((a, b) => a.position - b.position || a.service_id - b.service_id)
    .map((line): SelectedService => {
      lineIds.set(selectionIdOf(line), line.service_id);
      const isCustom = line.custom_description !== null;
      return {
        service: asCatalogService(line, ctx),
        retailPrice: ctx.pricingMode === 'dealer' ? line.retail_price : null,
        discount: line.service_discount > 0 ? line.service_discount : null,
        discountPercent: null,
        custom: isCustom
          ? {
              description: line.custom_description ?? line.description,
              cost: line.service_amount,
              durationDays: line.duration_days,
            }
          : null,
      };
    });
  return { services, lineIds };
}

/** The update's lines: kept ones by their line id, new ones as the wizards send them. */
export function linesFromSelection(
  services: readonly SelectedService[],
  lineIds: ReadonlyMap<number, number>,
  mode: WizardMode,
) {
  return services.map((s) => {
    const lineId = lineIds.get(s.service.service_id);
    const input = toLineInput(s, mode);
    if (lineId === undefined) return input;
    const { serviceId: _catalogRow, ...rest } = input;
    return { lineId, ...rest };
  });
}

const editableStates = new Set(['new', 'answered', 'scheduled', 'received', 'started']);

/**
 * Whether the detail offers EDIT JOB (the server decides; docs/decisions/021-edit-job.md): a dealer's own
 * request while it is new; for installers, work they perform (assigned to them, or their own estimate)
 * before it is finished. ASSIST users see no actions at all.
 */
export function canOfferEditJob(user: Pick<TSessionUser, 'userType' | 'companyId'>, request: TRequestimate) {
  if (!editableStates.has(request.currentState)) return false;
  if (user.userType === 'dealer') {
    return (
      request.requestType === 'dealer' &&
      request.currentState === 'new' &&
      request.requestor === user.companyId
    );
  }
  const performer =
    request.assignedTo !== 0
      ? request.assignedTo
      : request.requestType === 'installer'
        ? request.requestor
        : null;
  return performer === user.companyId;
}
