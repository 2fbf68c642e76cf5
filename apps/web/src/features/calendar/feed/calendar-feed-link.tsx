import { calendarFeedMessages as m, type TCalendarFeedLink } from '@app/contracts/calendar-feed.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarShare, IconCopy, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { DismissibleError } from '../../../lib/dismissible-error';
import { useActingCompanyId } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { changeFeedLink, type FeedLinkAction, fetchFeedLink } from './calendar-feed-api';
import { calendarFeedKeys } from './query-keys';

export type CalendarFeedLinkProps = { installerId: number };

type Confirmation = Exclude<FeedLinkAction, 'create'>;

const confirmations: Record<Confirmation, { title: string; text: string; button: string }> = {
  reset: { title: m.resetTitle, text: m.resetConfirm, button: m.reset },
  off: { title: m.turnOffTitle, text: m.turnOffConfirm, button: m.turnOff },
};

const successes: Record<FeedLinkAction, string> = {
  create: m.created,
  reset: m.resetDone,
  off: m.turnedOff,
};

/**
 * The ICS subscription link on the calendar screen (issue 12; decision 025): the URL with Copy link, Reset
 * link (after a confirmation: the old link stops working) and Turn off link; Create subscription link while
 * there is none. ASSIST users see and copy the link, nothing else (convention 22).
 */
export function CalendarFeedLink({ installerId }: CalendarFeedLinkProps) {
  const companyId = useActingCompanyId();
  const { user } = useSession();
  const isReadOnly = !user || isReadOnlyAccess(user.access);
  const queryClient = useQueryClient();
  const key = calendarFeedKeys.link(companyId, installerId);
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const [error, setError] = useState<string | null>(null);

  const link = useQuery({
    queryKey: calendarFeedKeys.link(companyId, installerId),
    queryFn: () => fetchFeedLink(installerId),
  });
  const change = useMutation({
    mutationFn: (action: FeedLinkAction) => changeFeedLink(installerId, action),
    onMutate: () => setError(null),
    onSuccess: (reply: TCalendarFeedLink, action) => {
      queryClient.setQueryData(key, reply);
      setConfirming(null);
      notifications.show({ color: 'green', message: successes[action] });
    },
    onError: () => {
      setConfirming(null);
      setError(m.saveFailed);
    },
  });

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({ color: 'green', message: m.copied });
    } catch {
      inputRef.current?.select();
      setError(m.copyFailed);
    }
  }

  const data = link.data;
  const confirmation = confirming ? confirmations[confirming] : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="calendar-feed">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarShare size={20} aria-hidden />
          <Title order={3} size="h5" id={titleId}>
            {m.title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {m.help}
        </Text>

        {link.isPending && <Skeleton height={36} aria-label="Loading the subscription link" role="status" />}
        {link.isError && (
          <Alert color="red" role="alert" title={m.loadFailed}>
            <Button variant="default" size="xs" onClick={() => link.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        <DismissibleError message={error} onDismiss={() => setError(null)} />

        {data?.active && data.url && (
          <TextInput
            ref={inputRef}
            label="Subscription URL"
            value={data.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace', fontSize: 'var(--mantine-font-size-xs)' } }}
          />
        )}
        {data?.active && !data.url && (
          <Alert color="yellow" role="status">
            {m.unreadable}
          </Alert>
        )}
        {data && !data.active && <Text size="sm">{m.none}</Text>}

        {data && (
          <Group gap="xs">
            {data.url && (
              <Button leftSection={<IconCopy size={16} aria-hidden />} onClick={() => copy(data.url ?? '')}>
                {m.copy}
              </Button>
            )}
            {!isReadOnly && !data.active && (
              <Button
                leftSection={<IconCalendarShare size={16} aria-hidden />}
                loading={change.isPending}
                onClick={() => change.mutate('create')}
              >
                {m.create}
              </Button>
            )}
            {!isReadOnly && data.active && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  onClick={() => setConfirming('reset')}
                >
                  {m.reset}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconLinkOff size={16} aria-hidden />}
                  onClick={() => setConfirming('off')}
                >
                  {m.turnOff}
                </Button>
              </>
            )}
          </Group>
        )}
        {data && isReadOnly && !data.url && (
          <Text size="xs" c="dimmed">
            {m.readOnly}
          </Text>
        )}
        {data?.url && (
          <Text size="xs" c="dimmed">
            {m.secret}
          </Text>
        )}
      </Stack>

      <Modal
        opened={confirmation !== null}
        onClose={() => setConfirming(null)}
        title={confirmation?.title}
        size="sm"
      >
        <Stack>
          <Text>{confirmation?.text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={change.isPending}
              onClick={() => confirming && change.mutate(confirming)}
            >
              {confirmation?.button}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
