import '@mantine/dates/styles.css';
import { BLOCKED_REASON_MAX, type TBlockedDay, ZBlockDayBody } from '@app/contracts/blocked-days.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import { toLocalIsoDate } from '@app/domain/scheduling/dates';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DismissibleError } from '../../../lib/dismissible-error';
import { useActingCompanyId } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { calendarLabels } from '../../estimate-wizard/drop-off-picker';
import { estimateWizardKeys } from '../../estimate-wizard/query-keys';
import { blockDay, failureText, fetchBlockedDays, unblockDay } from './blocked-days-api';
import { formatBlockedDay, blockedDaysText as text } from './blocked-days-text';
import { blockedDaysKeys } from './query-keys';

export type BlockedDaysPanelProps = {
  installerId: number;
  /** The period shown, 'YYYY-MM-DD' (both included). */
  from: string;
  to: string;
  /** Called after a day was blocked or unblocked. */
  onChanged: () => void;
};

/**
 * Blocked days of the calendar screen (row 66; decision 024): the days the shop is closed (holiday, training)
 * in the period shown and from today on; block a day (date, reason) and unblock one after a confirmation. No
 * work can be booked on a blocked day: availability, the wizards' date pickers, BOOK JOB and claims refuse it.
 * ASSIST users see the list only.
 */
export function BlockedDaysPanel({ installerId, from, to, onChanged }: BlockedDaysPanelProps) {
  const companyId = useActingCompanyId();
  const user = useSession().user;
  const isReadOnly = user ? isReadOnlyAccess(user.access) : true;
  const queryClient = useQueryClient();
  const today = toLocalIsoDate(new Date());
  const listFrom = from < today ? from : today;
  const days = useQuery({
    queryKey: blockedDaysKeys.list(companyId, installerId, listFrom),
    queryFn: () => fetchBlockedDays(installerId, listFrom),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [unblocking, setUnblocking] = useState<TBlockedDay | null>(null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { workDate: '', reason: '' },
    validate: (values) =>
      values.workDate ? schemaResolver(ZBlockDayBody, { sync: true })(values) : { workDate: text.chooseDay },
  });

  const changed = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: blockedDaysKeys.ofCompany(companyId) }),
      queryClient.invalidateQueries({
        queryKey: estimateWizardKeys.installerCalendar(companyId, installerId),
      }),
    ]);
    onChanged();
  };

  const block = useMutation({
    mutationFn: (values: { workDate: string; reason: string }) => blockDay(installerId, values),
    onSuccess: async (day) => {
      setFailure(null);
      form.reset();
      notifications.show({ color: 'green', message: text.blocked(formatBlockedDay(day.workDate)) });
      await changed();
    },
    onError: (error) => setFailure(failureText(error, text.blockFailed)),
  });

  const unblock = useMutation({
    mutationFn: (day: TBlockedDay) => unblockDay(installerId, day.workDate),
    onSuccess: async (reply) => {
      setFailure(null);
      setUnblocking(null);
      notifications.show({ color: 'green', message: text.unblocked(formatBlockedDay(reply.workDate)) });
      await changed();
    },
    onError: (error) => {
      setUnblocking(null);
      setFailure(failureText(error, text.unblockFailed));
    },
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="blocked-days-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="blocked-days-title">
          {text.title}
        </Title>
        <Text size="sm" c="dimmed">
          {text.hint}
        </Text>
        {!isReadOnly && (
          <form onSubmit={form.onSubmit((values) => block.mutate(values))} noValidate>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <DatePickerInput
                label={text.dayLabel}
                placeholder={text.dayPlaceholder}
                valueFormat="ddd, MMM D, YYYY"
                minDate={today}
                ariaLabels={calendarLabels}
                getDayAriaLabel={formatBlockedDay}
                weekendDays={[]}
                popoverProps={{ withinPortal: true }}
                style={{ minWidth: 200, flex: '1 1 200px' }}
                value={form.values.workDate || null}
                error={form.errors.workDate}
                onChange={(day) => form.setFieldValue('workDate', day ?? '')}
                data-testid="blocked-day-date"
              />
              <TextInput
                label={text.reasonLabel}
                placeholder={text.reasonPlaceholder}
                maxLength={BLOCKED_REASON_MAX}
                style={{ flex: '2 1 220px' }}
                key={form.key('reason')}
                {...form.getInputProps('reason')}
              />
              <Button type="submit" loading={block.isPending}>
                {text.blockButton}
              </Button>
            </Group>
          </form>
        )}
        <DismissibleError message={failure} onDismiss={() => setFailure(null)} />
        {days.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{text.loading}</Text>
          </Group>
        ) : days.isError ? (
          <Alert color="red" title={text.loadFailed}>
            <Button size="xs" variant="light" onClick={() => days.refetch()}>
              {text.retry}
            </Button>
          </Alert>
        ) : days.data.length === 0 ? (
          <Text size="sm">{text.empty}</Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {days.data.map((day) => (
              <Group key={day.workDate} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={600} size="sm">
                      {formatBlockedDay(day.workDate)}
                    </Text>
                    {day.workDate >= from && day.workDate <= to && (
                      <Badge size="xs" variant="light" color="blue">
                        {text.inPeriod}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {day.reason || text.noReason}
                  </Text>
                </div>
                {!isReadOnly && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={text.unblockLabel(formatBlockedDay(day.workDate))}
                    onClick={() => setUnblocking(day)}
                  >
                    {text.unblockButton}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={unblocking !== null}
        onClose={() => setUnblocking(null)}
        title={text.confirmTitle}
        centered
      >
        <Stack>
          <Text size="sm">{unblocking ? text.confirmBody(formatBlockedDay(unblocking.workDate)) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setUnblocking(null)}>
              {text.cancel}
            </Button>
            <Button
              color="red"
              loading={unblock.isPending}
              onClick={() => unblocking && unblock.mutate(unblocking)}
            >
              {text.unblockButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
