import type {
  TCalendarDay,
  TRequestOffer,
  TRequestReferral,
  TRequestService,
  TRequestStateRecord,
} from '@app/contracts/service-requests.contract';
import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { describeHistoryCode } from '../history-words';
import { formatDisplayDate, fromDay, fromWire } from '../request-format';
import type { PartState } from './detail-section';
import { DetailSection } from './detail-section';
import { findServiceName } from './request-services';

function formatRange(start: string | null, end: string | null): string {
  const from = formatDisplayDate(fromWire(start));
  return end && end !== start ? `${from} – ${formatDisplayDate(fromWire(end))}` : from;
}

function offerLabel(offer: TRequestOffer): string {
  return offer.startDate
    ? `${offer.installerName} · ${formatRange(offer.startDate, offer.endDate)}`
    : offer.installerName;
}

/** Offers on the request: dealers see the installers who accepted, an installer its own offer. */
export function RequestOffers({ offers, part }: { offers: readonly TRequestOffer[]; part: PartState }) {
  return (
    <DetailSection title="Offers" what="offers" part={part}>
      {offers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No offers to show.
        </Text>
      ) : (
        <Stack gap={4}>
          {offers.map((offer) => (
            <Group key={offer.offerId} gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
              <Text size="sm">{offerLabel(offer)}</Text>
              <Badge size="sm" variant="light" style={{ flex: 'none' }}>
                {offer.currentStatus}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}

/** The dealer's choice among the installers whose offer is accepted, for ASSIGN. */
export function InstallerChoice({
  offers,
  chosenInstallerId,
  onChoose,
}: {
  offers: readonly TRequestOffer[];
  chosenInstallerId: number | null;
  onChoose: (installerId: number) => void;
}) {
  const accepted = offers.filter((offer) => offer.currentStatus === 'accepted');
  if (accepted.length === 0) return null;
  return (
    <Radio.Group
      label="Responding installers"
      description="Choose the installer to assign this work to"
      value={chosenInstallerId === null ? null : String(chosenInstallerId)}
      onChange={(value) => onChoose(Number(value))}
    >
      <Stack gap={6} mt={6}>
        {accepted.map((offer) => (
          <Radio key={offer.offerId} value={String(offer.installerId)} label={offerLabel(offer)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function RequestHistory({
  records,
  services = [],
  part,
}: {
  records: readonly TRequestStateRecord[];
  /** Service lines, to name the service a record is about (START and FINISH SERVICE write one each). */
  services?: readonly TRequestService[];
  part: PartState;
}) {
  const serviceNames = new Map(services.map((service) => [service.service_id, findServiceName(service)]));
  return (
    <DetailSection title="History" what="state history" part={part}>
      {records.length === 0 ? (
        <Text size="sm" c="dimmed">
          No history recorded.
        </Text>
      ) : (
        <Stack gap={2} component="ol" style={{ margin: 0, paddingLeft: 18 }}>
          {records.map((record) => (
            <Text key={record.id} component="li" size="sm">
              {formatDisplayDate(fromWire(record.stateDate))}:{' '}
              {describeHistoryCode(record.requestStatus, record.serviceId !== null)}
              {record.serviceId !== null && serviceNames.has(record.serviceId)
                ? ` (${serviceNames.get(record.serviceId)})`
                : ''}
            </Text>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}

/** One line per work date: a day may hold several entries (one per service or installer). */
function groupByDate(days: readonly TCalendarDay[]) {
  const byDate = new Map<string, Set<TCalendarDay['workStatus']>>();
  for (const day of days) {
    const statuses = byDate.get(day.workDate) ?? new Set();
    statuses.add(day.workStatus);
    byDate.set(day.workDate, statuses);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, statuses]) => ({ date, statuses: [...statuses] }));
}

export function RequestCalendarDays({ days, part }: { days: readonly TCalendarDay[]; part: PartState }) {
  const dates = groupByDate(days);
  return (
    <DetailSection title="Calendar" what="calendar days" part={part}>
      {dates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No calendar days.
        </Text>
      ) : (
        <Stack gap={2}>
          {dates.map(({ date, statuses }) => (
            <Group key={date} gap="xs">
              <Text size="sm">{formatDisplayDate(fromDay(date))}</Text>
              {statuses.map((status) => (
                <Badge key={status} size="xs" variant="light">
                  {status}
                </Badge>
              ))}
            </Group>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}

export function RequestReferral({
  referrals,
  part,
}: {
  referrals: readonly TRequestReferral[];
  part: PartState;
}) {
  return (
    <DetailSection title="Referral" what="referral link" part={part}>
      {referrals.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not from a referral.
        </Text>
      ) : (
        <Stack gap={2}>
          {referrals.map((referral) => (
            <Text key={referral.referral_id} size="sm">
              Referral #{referral.referral_id}: {referral.status}
            </Text>
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}
