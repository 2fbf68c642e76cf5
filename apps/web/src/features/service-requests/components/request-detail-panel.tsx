import type { TListMode, TRequestimate } from '@app/contracts/service-requests.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import { needsInvoiceWarningOnDelete } from '@app/domain/service-requests/request-status';
import { Alert, Button, CloseButton, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconFileAlert, IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { ApiHttpError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useOpenContract } from '../../customer-contract/open-contract';
import { EditJobLink } from '../../edit-job/edit-job-link';
import { useLifecycleActions } from '../../lifecycle/use-lifecycle-actions';
import { VinField } from '../../lifecycle/vin-field';
import { computeBalanceDueCents, PaymentPanel, useRequestPayments } from '../../payments';
import { InviteSpecialist } from '../../public-claim/invite-specialist';
import { listPanelButtons, toRequestContext } from '../action-buttons';
import { findHelpText } from '../help-text';
import { useRequestDetail } from '../hooks/use-request-detail';
import { findCounterpartName } from '../request-format';
import { buildRequestSummary, findSchedule, isContractBannerShown } from '../request-summary';
import { MobileActionBar } from './mobile-action-bar';
import { RequestActions } from './request-actions';
import {
  InstallerChoice,
  RequestCalendarDays,
  RequestHistory,
  RequestOffers,
  RequestReferral,
} from './request-parts';
import { RequestServices } from './request-services';
import { RequestSummaryCard } from './request-summary-card';
import { WorkDetailModal } from './work-detail-modal';

type RequestDetailPanelProps = {
  requestId: number;
  /** The row as the list gave it: shown when the request itself cannot be loaded (000 §8). */
  listRow: TRequestimate | null;
  onClose: () => void;
  /** The list on screen, and what to do when an action moves the request out of it. */
  listMode?: TListMode;
  onLeftList?: () => void;
};

function CloseDetails({ onClose }: { onClose: () => void }) {
  // Small screens only: there the list is hidden while a row is selected.
  return (
    <Group justify="flex-end" hiddenFrom="sm">
      <CloseButton size="lg" aria-label="Close details" onClick={onClose} />
    </Group>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading the request">
      <Skeleton height={40} />
      <Skeleton height={220} />
      <Skeleton height={80} />
    </Stack>
  );
}

/**
 * What the user picks on the panel for the lifecycle actions, under the names their bodies use: the service
 * (START/FINISH SERVICE), the installer (assign), the stars (review) and the VIN (CHECK IN; null = untouched,
 * the stored VIN). Which button each enables is the domain's rule (listPanelButtons); the VIN field checks
 * the domain's VIN rule as it is typed, and the server applies both again.
 */
type PanelSelection = {
  serviceId: number | null;
  installerId: number | null;
  reviewScore: number | null;
  vin: string | null;
};

const noSelection: PanelSelection = { serviceId: null, installerId: null, reviewScore: null, vin: null };

/** The right side of the screen for the selected row: help text, summary, services, actions, parts. */
export function RequestDetailPanel({
  requestId,
  listRow,
  onClose,
  listMode,
  onLeftList,
}: RequestDetailPanelProps) {
  const { user, company } = useSession();
  const detail = useRequestDetail(user?.companyId ?? 0, requestId);
  const form = useForm<PanelSelection>({ initialValues: noSelection });
  const { serviceId, installerId, reviewScore } = form.values;
  const [isWorkDetailOpen, workDetail] = useDisclosure(false);
  const actionsRef = useRef<HTMLDivElement>(null);
  const request = detail.request.data ?? listRow;
  const openContract = useOpenContract();
  // The VIN field starts with the stored VIN unless it is an 'NV' placeholder (000 §5).
  const storedVin = request?.vin && !request.vin.toUpperCase().startsWith('NV') ? request.vin : '';
  const vin = form.values.vin ?? storedVin;
  const offersForRules = detail.offers.data ?? [];
  const payments = useRequestPayments(
    request ?? { requestId, currentState: 'new', requestType: 'dealer' },
    user?.companyId ?? 0,
  );
  const lifecycle = useLifecycleActions({
    request,
    actor: { userType: user?.userType ?? 'dealer', companyId: user?.companyId ?? 0 },
    selection: { serviceId, installerId, reviewScore, vin },
    needsInvoiceWarningOnDelete:
      request !== null && needsInvoiceWarningOnDelete(toRequestContext(request, offersForRules)),
    // The chosen service stays selected (a service is started, then finished).
    onDone: () => form.setValues({ installerId: null, reviewScore: null, vin: null }),
    listMode,
    onLeftList,
  });

  if (!user) return null;

  if (!request) {
    if (detail.request.isError) {
      const isMissing = detail.request.error instanceof ApiHttpError && detail.request.error.isClientError;
      return (
        <Stack gap="sm">
          <CloseDetails onClose={onClose} />
          <Alert color="red" role="alert" title="This request could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {isMissing
                  ? 'It does not exist or is not shared with your company.'
                  : 'Please try again in a moment.'}
              </Text>
              {!isMissing && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => detail.request.refetch()}
                >
                  Retry
                </Button>
              )}
            </Stack>
          </Alert>
        </Stack>
      );
    }
    return (
      <Stack gap="sm">
        <CloseDetails onClose={onClose} />
        <DetailSkeleton />
      </Stack>
    );
  }

  const isReadOnly = isReadOnlyAccess(user.access);
  const services = detail.services.data ?? [];
  const offers = detail.offers.data ?? [];
  const notes = detail.notes.data ?? [];
  const calendarDays = detail.calendar.data ?? [];
  const schedule = findSchedule(request, offers, calendarDays);
  const summary = buildRequestSummary({ userType: user.userType, request, schedule, notes });
  const helpText = findHelpText(user.userType, request, user.companyId);
  const selectedService = services.find((service) => service.service_id === serviceId) ?? null;
  const buttons = listPanelButtons({
    user,
    company,
    request,
    offers,
    selection: { service: selectedService, installerId, reviewScore, vin },
    today: dayjs().format('YYYY-MM-DD'),
  });
  const isChoosingInstaller = buttons.some((button) => button.key === 'assign');
  const isCheckingIn = buttons.some((button) => button.key === 'checkIn');

  return (
    <Stack gap="md">
      <CloseDetails onClose={onClose} />
      {detail.request.isError && (
        <Alert color="yellow" variant="light" role="alert" title="Showing the list details only">
          <Group gap="xs">
            <Text size="sm">The full request could not be loaded.</Text>
            <Button
              size="compact-xs"
              variant="light"
              color="yellow"
              loading={detail.request.isFetching}
              onClick={() => detail.request.refetch()}
              aria-label="Retry loading the request"
            >
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {helpText && (
        <Alert
          variant="light"
          color={request.requestType === 'dealer' ? 'orange' : 'green'}
          icon={<IconInfoCircle size={18} aria-hidden />}
          role="note"
          aria-label="Help"
        >
          {helpText}
        </Alert>
      )}
      {isContractBannerShown(request) && (
        <Alert
          variant="light"
          color="red"
          icon={<IconFileAlert size={18} aria-hidden />}
          role="status"
          title="Customer contract required"
        >
          Work cannot start until the customer contract is signed.
        </Alert>
      )}
      <RequestSummaryCard
        request={request}
        summary={summary}
        counterpart={findCounterpartName(user.userType, request)}
        notesPart={detail.notes}
        onOpenDetails={workDetail.open}
      />
      <Paper withBorder radius="md" p="md">
        <RequestServices
          services={services}
          part={detail.services}
          selectedId={serviceId}
          isSelectable={!isReadOnly}
          onSelect={(id) => form.setFieldValue('serviceId', id)}
        />
      </Paper>
      {!isReadOnly && detail.offers.isPending && (
        // Which buttons a request offers depends on its offers (ACCEPT and CLAIM need the caller's own):
        // none show until they are in, rather than a set that changes under the pointer.
        <Paper withBorder radius="md" p="md">
          <Skeleton height={36} radius="sm" aria-hidden />
          <Text size="sm" c="dimmed" mt="xs" role="status">
            Loading the actions…
          </Text>
        </Paper>
      )}
      {!isReadOnly && !detail.offers.isPending && (
        <div ref={actionsRef}>
          <RequestActions
            buttons={buttons}
            reviewScore={reviewScore}
            onReviewScoreChange={(score) => form.setFieldValue('reviewScore', score)}
            onAction={lifecycle.press}
            onContract={() => void openContract(requestId, Boolean(request?.contract_url))}
            pendingAction={lifecycle.pendingAction}
          >
            {isChoosingInstaller && (
              <InstallerChoice
                offers={offers}
                chosenInstallerId={installerId}
                onChoose={(id) => form.setFieldValue('installerId', id)}
              />
            )}
            {isCheckingIn && <VinField value={vin} onChange={(typed) => form.setFieldValue('vin', typed)} />}
            <EditJobLink user={user} request={request} />
          </RequestActions>
          <InviteSpecialist userType={user.userType} request={request} />
        </div>
      )}
      {!isReadOnly && <PaymentPanel request={request} userType={user.userType} companyId={user.companyId} />}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
          <RequestOffers offers={offers} part={detail.offers} />
          <RequestCalendarDays days={calendarDays} part={detail.calendar} />
          <RequestHistory records={detail.history.data ?? []} services={services} part={detail.history} />
          <RequestReferral referrals={detail.referral.data ?? []} part={detail.referral} />
        </SimpleGrid>
      </Paper>
      {!isReadOnly && (
        <MobileActionBar
          buttons={buttons}
          balanceCents={computeBalanceDueCents(request, payments.data)}
          onAction={lifecycle.press}
          pendingAction={lifecycle.pendingAction}
          onShowAll={() => {
            actionsRef.current?.scrollIntoView({ block: 'start' });
            actionsRef.current
              ?.querySelector<HTMLElement>('button:not([disabled]), input')
              ?.focus({ preventScroll: true });
          }}
        />
      )}
      {lifecycle.popups}
      <WorkDetailModal
        opened={isWorkDetailOpen}
        onClose={workDetail.close}
        request={request}
        schedule={schedule}
        services={services}
        servicesPart={detail.services}
        notes={notes}
        notesPart={detail.notes}
      />
    </Stack>
  );
}
