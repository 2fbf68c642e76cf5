import { actionBodySchemas } from '@app/contracts/lifecycle.contract';
import type { TRequestimate } from '@app/contracts/service-requests.contract';
import { isIsoDate } from '@app/domain/scheduling/dates';
import {
  clampStartDate,
  computeScheduleNotes,
  computeStartDateBounds,
} from '@app/domain/scheduling/start-date-picker';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { formatDisplayDate, fromDay, fromWire, toIsoDay } from '../service-requests/request-format';
import { CAPACITY_WARNING, fetchAvailability } from './lifecycle-api';
import { lifecycleKeys } from './query-keys';

/** The look-up waits for the user to stop changing the date (000 §9). */
export const AVAILABILITY_DEBOUNCE_MS = 300;

export type StartDatePicker = {
  earliest: string;
  latest: string | null;
  initial: string;
  isDueDateMissed: boolean;
};

/** The picker of 000 §5 for a request: earliest today; dealer requests end by the due date; estimates +30 days. */
export function buildStartDatePicker(request: TRequestimate, today: string): StartDatePicker {
  const due = toIsoDay(fromWire(request.dueDate));
  const bounds = computeStartDateBounds({
    requestType: request.requestType,
    today,
    dueDate: due && isIsoDate(due) ? due : null,
    durationDays: request.requestDuration,
  });
  const available = toIsoDay(fromWire(request.availableDate));
  const initial = clampStartDate(available && isIsoDate(available) ? available : today, bounds);
  return {
    earliest: bounds.earliest,
    latest: bounds.latest,
    initial,
    isDueDateMissed: bounds.isDueDateMissed,
  };
}

/** A calendar day as every other screen writes it, 'Mon, Nov 23rd 2026' (issue 17, defect 9). */
function formatDay(day: string): string {
  return formatDisplayDate(fromDay(day));
}

/** 'Mon, Nov 23rd 2026 to Fri, Dec 4th 2026', or only the first day when there is no latest. */
function describeRange(picker: StartDatePicker): string {
  const from = formatDay(picker.earliest);
  return picker.latest ? `${from} to ${formatDay(picker.latest)}` : from;
}

function isInPickerRange(date: string, picker: StartDatePicker): boolean {
  return isIsoDate(date) && date >= picker.earliest && (picker.latest === null || date <= picker.latest);
}

/**
 * The contract's rule for the start day ACCEPT and BOOK JOB send (CLAIM sends the same day), and the
 * picker's range (000 §5).
 */
function startDateResolver(picker: StartDatePicker) {
  return schemaResolver(
    actionBodySchemas.book.superRefine((v, ctx) => {
      if (isInPickerRange(v.startDate, picker)) return;
      ctx.addIssue({
        code: 'custom',
        path: ['startDate'],
        message: `Choose a day from ${describeRange(picker)}`,
      });
    }),
    { sync: true },
  );
}

function AvailabilityBanner({
  installerId,
  requestId,
  date,
}: {
  installerId: number;
  requestId: number;
  date: string;
}) {
  const [checkDate] = useDebouncedValue(date, AVAILABILITY_DEBOUNCE_MS);
  const companyId = useActingCompanyId();
  const availability = useQuery({
    queryKey: lifecycleKeys.availability(companyId, installerId, requestId, checkDate),
    queryFn: ({ signal }) => fetchAvailability(installerId, requestId, checkDate, signal),
    enabled: isIsoDate(checkDate),
    staleTime: 30_000,
  });
  if (!isIsoDate(checkDate)) return null;
  if (availability.isPending || checkDate !== date) {
    return (
      <Group gap="xs" role="status" aria-label="Checking availability">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Checking availability…
        </Text>
      </Group>
    );
  }
  if (availability.isError) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Availability could not be checked.
      </Text>
    );
  }
  return availability.data.canFit ? (
    <Alert color="green" variant="light" role="status" data-testid="availability" data-fits="true">
      Fits your schedule
      {availability.data.availableSlots > 0 ? ` (${availability.data.availableSlots} free slots)` : ''}.
    </Alert>
  ) : (
    <Alert color="orange" variant="light" role="status" data-testid="availability" data-fits="false">
      {CAPACITY_WARNING}
      {availability.data.nextStart ? ` (next free start ${formatDay(availability.data.nextStart)})` : ''}
    </Alert>
  );
}

type StartDateModalProps = {
  opened: boolean;
  title: string;
  confirmLabel: string;
  request: TRequestimate;
  picker: StartDatePicker;
  /** The installer whose capacity the banner shows; null = no banner (dealers). */
  installerId: number | null;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: (startDate: string) => void;
};

/** Start-date popup of ACCEPT, CLAIM and BOOK JOB with the availability banner (000 §2, §5, §9). */
export function StartDateModal(props: StartDateModalProps) {
  const { opened, title, confirmLabel, request, picker, installerId, isSubmitting, onClose, onConfirm } =
    props;
  const form = useForm({
    initialValues: { startDate: picker.initial },
    validate: startDateResolver(picker),
    validateInputOnChange: true,
  });
  const date = form.values.startDate;
  const isInRange = isInPickerRange(date, picker);
  const notes = isIsoDate(date)
    ? computeScheduleNotes(
        {
          startDate: date,
          durationDays: request.requestDuration,
          dueDate: toIsoDay(fromWire(request.dueDate)),
        },
        formatDay,
      )
    : [];
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit((values) => onConfirm(values.startDate))}>
        <Stack gap="sm">
          <TextInput
            type="date"
            label="Start date"
            {...form.getInputProps('startDate')}
            min={picker.earliest}
            max={picker.latest ?? undefined}
            onBlur={() => {
              // 000 §5: a date after the latest start is clamped to it, one before today to today.
              if (isIsoDate(date)) form.setFieldValue('startDate', clampStartDate(date, picker));
            }}
            // An emptied field only disables the button (no message), as before the day is whole.
            error={date !== '' ? form.errors.startDate : undefined}
            description={`From ${describeRange(picker)}`}
          />
          {picker.isDueDateMissed && (
            <Text size="sm" c="orange">
              The due date no longer leaves room for the whole job.
            </Text>
          )}
          {notes.map((note) => (
            <Text key={note.kind} size="sm" c={note.level === 'warning' ? 'orange' : 'dimmed'}>
              {note.text}
            </Text>
          ))}
          {installerId !== null && isInRange && (
            <AvailabilityBanner installerId={installerId} requestId={request.requestId} date={date} />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isInRange} loading={isSubmitting}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
