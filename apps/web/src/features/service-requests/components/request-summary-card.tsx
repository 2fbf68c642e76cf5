import type { TRequestimate } from '@app/contracts/service-requests.contract';
import { formatMoney } from '@app/domain/shared/money';
import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileText } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MapLink, MapPreview } from '../../maps/components/map-preview';
import { formatDisplayDate, formatVehicle } from '../request-format';
import type { RequestSummary } from '../request-summary';
import type { PartState } from './detail-section';
import { PartBody } from './detail-section';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Box>
  );
}

type RequestSummaryCardProps = {
  request: TRequestimate;
  summary: RequestSummary;
  /** Who the work is with, shown under the vehicle. */
  counterpart: string | null;
  notesPart: PartState;
  onOpenDetails: () => void;
};

/** The summary card of the selected item (000 §2, catalogue P1). */
export function RequestSummaryCard({
  request,
  summary,
  counterpart,
  notesPart,
  onOpenDetails,
}: RequestSummaryCardProps) {
  const mapPlace = request.requestType === 'dealer' ? request.dealerName : request.installerName;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Summary">
      <Group align="flex-start" justify="space-between" gap="md" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Box>
            <Title order={2} size="h4">
              {formatVehicle(request, { withTrim: true })}
            </Title>
            {counterpart && (
              <Text size="sm" c="dimmed">
                {counterpart}
              </Text>
            )}
          </Box>
          <Group gap="lg" align="flex-start">
            <Field label={summary.labels.start}>{formatDisplayDate(summary.start)}</Field>
            <Field label={summary.labels.end}>{formatDisplayDate(summary.end)}</Field>
          </Group>
          {(summary.isRescheduled || summary.finishesAfterDue) && (
            <Stack gap={6}>
              {summary.isRescheduled && (
                <Badge color="orange" variant="light" w="fit-content">
                  Rescheduled
                </Badge>
              )}
              {summary.finishesAfterDue && (
                <Alert
                  color="yellow"
                  variant="light"
                  p="xs"
                  icon={<IconAlertTriangle size={16} aria-hidden />}
                  title="Finishes after the due date"
                >
                  The work is due {formatDisplayDate(summary.finishesAfterDue)}.
                </Alert>
              )}
            </Stack>
          )}
          <Field label="Requested service">{request.serviceRequested || '—'}</Field>
          <Group gap="lg" align="flex-end">
            <Field label="Total">
              <Text span fw={700} size="lg">
                {formatMoney(summary.totalCents)}
              </Text>
              {summary.isSalesTaxIncluded && (
                <Text span size="xs" c="dimmed" ml={6}>
                  incl. Sales Tax
                </Text>
              )}
            </Field>
            {summary.deposit && (
              <Field label="Deposit">
                <Group gap={6}>
                  <span>{formatMoney(summary.deposit.amountCents)}</span>
                  {summary.deposit.isPaid ? (
                    <Badge color="green">Paid</Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      Not paid
                    </Badge>
                  )}
                </Group>
              </Field>
            )}
          </Group>
          <PartBody what="notes" part={notesPart}>
            {summary.notes.length > 0 && (
              <Field label="Notes">
                <Stack gap={4}>
                  {summary.notes.map((note) => (
                    <Text key={note.id} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {note.text}
                    </Text>
                  ))}
                </Stack>
              </Field>
            )}
          </PartBody>
          <Button
            variant="light"
            w="fit-content"
            leftSection={<IconFileText size={16} aria-hidden />}
            onClick={onOpenDetails}
          >
            Details
          </Button>
        </Stack>
        {/* Phones get a one-line link: the picture pushed the actions a screen further down (issue 17). */}
        <Box visibleFrom="sm">
          <MapPreview latitude={request.latitude} longitude={request.longitude} placeName={mapPlace} />
        </Box>
        <Box hiddenFrom="sm" w="100%">
          <MapLink latitude={request.latitude} longitude={request.longitude} placeName={mapPlace} />
        </Box>
      </Group>
    </Paper>
  );
}
