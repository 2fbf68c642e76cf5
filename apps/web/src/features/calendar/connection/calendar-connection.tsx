import {
  calendarLinkMessages as M,
  type TExternalCalendar,
  ZExternalCalendar,
} from '@app/contracts/calendar-link.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import { Alert, Button, Group, Loader, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiHttpError } from '../../../lib/api-client';
import { useActingCompanyId } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { type BulkSyncProgress, isExpiredError, jobsOf, runBulkSync } from './bulk-sync';
import {
  addAppointment,
  disconnectCalendar,
  fetchAuthUrl,
  fetchConnection,
  selectCalendar,
} from './calendar-link-api';
import { CalendarPickerModal } from './calendar-picker-modal';
import { calendarLinkKeys } from './query-keys';

/** A calendar entry that has no external appointment yet (its job has no event id). */
export type UnsyncedEntry = { requestId: number; serviceId: number | null };

export type CalendarConnectionProps = {
  installerId: number;
  /** The period's entries that need sync (002 §2.5 'Sync All to Calendar (n services)'). */
  unsynced: UnsyncedEntry[];
  /** Called after a connect, select, disconnect or sync changed what the calendar shows. */
  onChanged: () => void;
};

const RETURN_PARAMS = ['calendar_selection', 'calendars', 'installer_id', 'calendar_error'];

/**
 * The calendars of the return from authorisation (002 §2.5), only when it is for this installer; null when
 * the address carries none for it. A list that does not parse is an empty one (the picker says M128).
 */
export function readCalendarReturn(
  params: URLSearchParams,
  installerId: number,
): { calendars: TExternalCalendar[] } | { error: string } | null {
  if (params.get('installer_id') !== String(installerId)) return null;
  if (params.get('calendar_error')) return { error: params.get('calendar_error') ?? '' };
  if (!params.get('calendar_selection')) return null;
  try {
    const parsed = z.array(ZExternalCalendar).safeParse(JSON.parse(params.get('calendars') ?? '[]'));
    return { calendars: parsed.success ? parsed.data : [] };
  } catch {
    return { calendars: [] };
  }
}

function messageOf(error: unknown, fallback: string): string {
  if (isExpiredError(error)) return M.expired;
  return error instanceof ApiHttpError && error.isClientError ? (error.userMessage ?? fallback) : fallback;
}

/**
 * Quick actions of the calendar screen (issue 12): Connect / Disconnect (with confirmation), the 'Select Your
 * Business Calendar' picker (P20), the return from authorisation, and Sync All — 5 jobs at a time, colorId 6,
 * with progress, stopping with M133 / M138 when the connection expired. ASSIST users see the state only.
 */
export function CalendarConnection({ installerId, unsynced, onChanged }: CalendarConnectionProps) {
  const companyId = useActingCompanyId();
  const { user } = useSession();
  const isReadOnly = isReadOnlyAccess(user?.access ?? 'ASSIST');
  const queryClient = useQueryClient();
  const connection = useQuery({
    queryKey: calendarLinkKeys.connection(companyId, installerId),
    queryFn: () => fetchConnection(installerId),
  });
  const [params, setParams] = useSearchParams();
  const [picker, setPicker] = useState<TExternalCalendar[] | null>(null);
  const [confirm, setConfirm] = useState<'disconnect' | 'sync' | null>(null);
  const [progress, setProgress] = useState<BulkSyncProgress | null>(null);

  // The return from authorisation: used only for this installer, then removed from the address.
  useEffect(() => {
    const back = readCalendarReturn(params, installerId);
    if (!back) return;
    if ('error' in back) notifications.show({ color: 'red', message: M.connectFailed });
    else setPicker(back.calendars);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [params, installerId, setParams]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: calendarLinkKeys.connection(companyId, installerId) });
    onChanged();
  };

  const connect = useMutation({
    mutationFn: () => fetchAuthUrl(installerId),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => notifications.show({ color: 'red', message: M.connectFailed }),
  });
  const select = useMutation({
    mutationFn: (calendarId: string) => selectCalendar(installerId, calendarId),
    onSuccess: async () => {
      setPicker(null);
      notifications.show({ color: 'green', message: M.connected });
      await refresh();
    },
  });
  const disconnect = useMutation({
    mutationFn: () => disconnectCalendar(installerId),
    onSuccess: async () => {
      setConfirm(null);
      notifications.show({ color: 'green', message: M.disconnected });
      await refresh();
    },
    onError: () => {
      setConfirm(null);
      notifications.show({ color: 'red', message: M.disconnectFailed });
    },
  });
  const sync = useMutation({
    mutationFn: (jobs: number[]) =>
      runBulkSync(jobs, (requestId) => addAppointment(installerId, requestId), { onProgress: setProgress }),
    onSuccess: async (result) => {
      if (result.expired) notifications.show({ color: 'red', message: M.expired });
      else if (result.failed > 0) notifications.show({ color: 'red', message: M.googleFailed });
      else notifications.show({ color: 'green', message: `Synced ${result.done} of ${result.total} jobs` });
      setProgress(null);
      await refresh();
    },
  });

  const jobs = jobsOf(unsynced);
  const startSync = () => {
    if (jobs.length === 0) notifications.show({ color: 'blue', message: M.allSynced });
    else setConfirm('sync');
  };

  if (connection.isPending) {
    return (
      <Group gap="xs" aria-live="polite">
        <Loader size="xs" />
        <Text size="sm">Checking calendar…</Text>
      </Group>
    );
  }
  if (connection.isError) {
    return (
      <Alert color="red" role="alert" title={M.statusFailed}>
        <Button size="xs" variant="light" onClick={() => connection.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }

  const link = connection.data;
  const isGoogle = link.provider === 'google';
  const calendarName = link.calendar_name ?? link.calendar_id;
  return (
    <Paper component="section" withBorder p="sm" radius="md" aria-label="Calendar connection">
      <Stack gap="xs">
        {link.status === 'expired' && (
          <Alert color="red" role="alert" title={M.connectionExpired}>
            {M.expired}
          </Alert>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {link.status === 'connected'
              ? `${isGoogle ? 'Google Calendar' : 'Calendar'}: ${calendarName}`
              : link.status === 'needs_selection'
                ? 'Choose a calendar to finish connecting.'
                : `${isGoogle ? 'Google Calendar' : 'Calendar'}: not connected`}
          </Text>
          {!isReadOnly && (
            <Group gap="xs">
              {link.status === 'needs_selection' && (
                <Button size="xs" onClick={() => setPicker(link.calendars)}>
                  Select Calendar
                </Button>
              )}
              {link.status === 'connected' || link.status === 'needs_selection' ? (
                <Button size="xs" variant="default" onClick={() => setConfirm('disconnect')}>
                  Disconnect
                </Button>
              ) : (
                <Button size="xs" loading={connect.isPending} onClick={() => connect.mutate()}>
                  Connect
                </Button>
              )}
            </Group>
          )}
        </Group>
        {link.status === 'connected' && !isReadOnly && (
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="light" loading={sync.isPending} onClick={startSync}>
              {`Sync All to Calendar (${unsynced.length} services)`}
            </Button>
          </Group>
        )}
        {link.status === 'connected' && unsynced.length === 0 && (
          <Text size="xs" c="dimmed" role="status">
            {M.allSynced}
          </Text>
        )}
        {progress && (
          <Stack gap={4} aria-live="polite">
            <Text size="xs">{`Syncing ${progress.done + progress.failed} of ${progress.total} jobs…`}</Text>
            <Progress
              value={((progress.done + progress.failed) / Math.max(1, progress.total)) * 100}
              aria-label="Sync progress"
            />
          </Stack>
        )}
      </Stack>

      {picker && (
        <CalendarPickerModal
          installerId={installerId}
          calendars={picker}
          isSaving={select.isPending}
          error={select.error ? messageOf(select.error, M.selectFailed) : null}
          onSelect={(calendarId) => select.mutate(calendarId)}
          onCancel={() => {
            setPicker(null);
            select.reset();
          }}
        />
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'sync' ? 'Sync All to Calendar' : 'Disconnect calendar'}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {confirm === 'sync'
              ? `Add ${unsynced.length} services (${jobs.length} jobs) to ${calendarName ?? 'your calendar'}?`
              : 'Disconnect your calendar? New bookings will no longer be added to it until you connect again.'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            {confirm === 'sync' ? (
              <Button
                onClick={() => {
                  setConfirm(null);
                  setProgress({ done: 0, failed: 0, total: jobs.length });
                  sync.mutate(jobs);
                }}
              >
                Sync All
              </Button>
            ) : (
              <Button color="red" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
                Disconnect
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
