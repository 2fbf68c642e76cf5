import type { TSessionUser } from '@app/contracts/auth.contract';
import type { TRequestimate, TRequestOffer, TRequestService } from '@app/contracts/service-requests.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import { isIsoDate } from '@app/domain/scheduling/dates';
import { clampStartDate, computeStartDateBounds } from '@app/domain/scheduling/start-date-picker';
import { isOfferStatus } from '@app/domain/service-requests/offer-status';
import type {
  Action,
  ActionContext,
  OfferRef,
  RequestContext,
} from '@app/domain/service-requests/request-status';
import { listActionButtons } from '@app/domain/service-requests/request-status';
import { isValidVin, normalizeVin } from '@app/domain/vehicles/vin';
import { wireDollarsToCents } from '../../lib/money';
import type { StoredCompany } from '../../lib/session-store';
import { computeCustomerTotalCents, fromWire, toIsoDay } from './request-format';

/**
 * The action buttons of 000 §2 in its order, after the installer's answers to an offered dealer request
 * (ACCEPT, CLAIM, REJECT) and before TRANSFER. Deposit and edit are controls of their own.
 */
export const panelActions = [
  'accept',
  'claim',
  'reject',
  'assign',
  'checkIn',
  'reschedule',
  'book',
  'completeEstimate',
  'startService',
  'finishService',
  'completeJob',
  'deliver',
  'review',
  'transfer',
] as const satisfies readonly Action[];

/** Buttons that open a popup where the last choice is made (the start date, the specialist). */
const popupActions: ReadonlySet<PanelButtonKey> = new Set(['accept', 'claim', 'book', 'transfer']);

export type PanelButtonKey = (typeof panelActions)[number] | 'customerContract' | 'delete';

export type PanelButton = {
  key: PanelButtonKey;
  label: string;
  isEnabled: boolean;
  disabledReason?: string;
};

/** What the user picked on the panel: a service row, an installer to assign, a star score. */
export type PanelSelection = {
  service?: Pick<TRequestService, 'service_id' | 'service_state'> | null;
  installerId?: number | null;
  reviewScore?: number | null;
  /** The VIN typed for CHECK IN (normalized); null or absent = the stored one. */
  vin?: string | null;
};

const chooseSpecialistReason = 'Choose a specialist to transfer to';

/** A VIN CHECK IN accepts: 17 valid characters, not an 'NV' placeholder (000 §5). */
export function isCheckInVinValid(vin: string | null | undefined): boolean {
  if (!vin) return false;
  const normalized = normalizeVin(vin);
  return !normalized.startsWith('NV') && isValidVin(normalized);
}

function toOfferRefs(offers: readonly TRequestOffer[]): OfferRef[] {
  return offers.flatMap((offer) =>
    isOfferStatus(offer.currentStatus)
      ? [
          {
            installerId: offer.installerId,
            currentStatus: offer.currentStatus,
            startDate: toIsoDay(fromWire(offer.startDate)),
          },
        ]
      : [],
  );
}

/**
 * The request as the lifecycle rules need it, from what the screen has loaded. The contract facts come
 * from the server (contractRequired, contractSigned), so START SERVICE is disabled before a required
 * contract is signed, as the server refuses it.
 */
export function toRequestContext(request: TRequestimate, offers: readonly TRequestOffer[]): RequestContext {
  const isDealerType = request.requestType === 'dealer';
  const dueDate = toIsoDay(fromWire(request.dueDate));
  return {
    requestType: request.requestType,
    currentState: request.currentState,
    requestorDealerId: isDealerType ? (request.dealerId ?? request.requestor) : null,
    requestorInstallerId: isDealerType ? null : request.requestor,
    assignedInstallerId: request.assignedTo > 0 ? request.assignedTo : null,
    offers: toOfferRefs(offers),
    customerContract: request.contractRequired ? 'Y' : 'N',
    isContractSigned: request.contractSigned,
    hasFinalInvoice: request.invoiceId !== null,
    depositAmountCents: wireDollarsToCents(request.depositAmount),
    totalCents: computeCustomerTotalCents(request),
    durationDays: request.requestDuration,
    dueDate: dueDate && isIsoDate(dueDate) ? dueDate : null,
    hasReferral: request.referral_id !== null,
  };
}

/**
 * The start date BOOK JOB would propose: the availability date moved into the picker's bounds (000 §5).
 * The picker itself comes with the lifecycle; the button is judged on the date it would default to.
 */
function proposeStartDate(request: TRequestimate, context: RequestContext, today: string): string {
  const available = toIsoDay(fromWire(request.availableDate)) ?? today;
  const bounds = computeStartDateBounds({
    requestType: context.requestType,
    today,
    dueDate: context.dueDate ?? null,
    durationDays: context.durationDays ?? null,
  });
  return clampStartDate(available, bounds);
}

export type PanelInput = {
  user: Pick<TSessionUser, 'userType' | 'access' | 'companyId'>;
  company: StoredCompany | null;
  request: TRequestimate;
  offers: readonly TRequestOffer[];
  selection: PanelSelection;
  /** Today's local date 'YYYY-MM-DD'. */
  today: string;
};

/**
 * The buttons to show, each enabled or disabled with its reason, from the shared lifecycle rules
 * (packages/domain request-status.ts). ASSIST users get none (000 §2, §6).
 */
export function listPanelButtons(input: PanelInput): PanelButton[] {
  const { user, company, request, offers, selection, today } = input;
  if (isReadOnlyAccess(user.access)) return [];
  const requestContext = toRequestContext(request, offers);
  const installer = company?.kind === 'installer' ? company.record : null;
  const context: ActionContext = {
    actor: {
      userType: user.userType,
      access: user.access,
      companyId: user.companyId,
      isTrial: installer?.is_trial ?? false,
      isPaymentSetupComplete: installer?.onboarding_complete ?? true,
      isInstallerGroupEnabled: installer?.installer_group_enabled ?? false,
    },
    request: requestContext,
    service: selection.service
      ? { serviceId: selection.service.service_id, serviceState: selection.service.service_state }
      : undefined,
    input: {
      startDate: proposeStartDate(request, requestContext, today),
      installerId: selection.installerId ?? undefined,
      // CHECK IN needs a valid VIN: the one typed in the VIN field, else the stored one.
      isVinValid: isCheckInVinValid(selection.vin ?? request.vin),
      reviewScore: selection.reviewScore ?? undefined,
    },
    today,
  };
  const domainButtons = listActionButtons(context);
  const byAction = new Map(domainButtons.map((button) => [button.action, button]));
  const buttons: PanelButton[] = [];
  for (const action of panelActions) {
    const button = byAction.get(action);
    if (button) {
      // The popup's own button waits for the specialist; the panel button only opens it. Its other
      // guards (installer group, state) still disable it.
      const waitsForPopup =
        popupActions.has(action) && !button.isEnabled && button.disabledReason === chooseSpecialistReason;
      buttons.push({
        key: action,
        label: button.label,
        isEnabled: button.isEnabled || waitsForPopup,
        disabledReason: waitsForPopup ? undefined : button.disabledReason,
      });
    }
  }
  // Customer contracts are a dealer feature of companies with customer_contract 'Y' (000 §6).
  const isOwnDealerRequest =
    user.userType === 'dealer' &&
    request.requestType === 'dealer' &&
    requestContext.requestorDealerId === user.companyId;
  if (
    isOwnDealerRequest &&
    company?.kind === 'dealer' &&
    company.record.customer_contract === 'Y' &&
    request.currentState !== 'deleted'
  ) {
    buttons.push({ key: 'customerContract', label: 'CUSTOMER CONTRACT', isEnabled: true });
  }
  const deleteButton = byAction.get('delete');
  if (deleteButton) {
    buttons.push({
      key: 'delete',
      label: deleteButton.label,
      isEnabled: deleteButton.isEnabled,
      disabledReason: deleteButton.disabledReason,
    });
  }
  return buttons;
}
