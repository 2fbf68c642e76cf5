import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { OutboxChannel, OutboxMessage } from '../hooks/use-dev-outbox';
import { isMailboxUnavailable, useDevOutbox } from '../hooks/use-dev-outbox';

const statusColors: Record<OutboxMessage['status'], string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'teal',
  failed: 'orange',
  dead: 'red',
};

function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : value;
}

function messageHeading(message: OutboxMessage): string {
  return message.subject?.trim() || message.text.slice(0, 60) || '(empty message)';
}

function MessageDetail({ message }: { message: OutboxMessage }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label="Selected message">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {message.subject ?? (message.channel === 'sms' ? 'Text message' : '(no subject)')}
        </Title>
        <Text size="sm">
          <strong>To:</strong> {message.to}
        </Text>
        <Group gap="xs">
          <Badge color={statusColors[message.status]}>{message.status}</Badge>
          <Text size="xs" c="dimmed">
            {message.attempts} attempt{message.attempts === 1 ? '' : 's'} · queued{' '}
            {formatTime(message.createdAt)} · sent {formatTime(message.sentAt)}
          </Text>
        </Group>
        {message.attachments && message.attachments.length > 0 && (
          <Text size="sm" data-testid="message-attachments">
            <strong>Attachments:</strong> {message.attachments.join(', ')}
          </Text>
        )}
        {message.lastError && (
          <Alert color="orange" title="Last error">
            {message.lastError}
          </Alert>
        )}
        <Text
          component="pre"
          size="sm"
          ff="monospace"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        >
          {message.text}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /dev/mailbox: e-mails and text messages to the signed-in user and its companies, as the local adapters delivered them. */
export function DevMailboxPage() {
  useDocumentTitle('Dev mailbox');
  const [channel, setChannel] = useState<OutboxChannel>('email');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const outbox = useDevOutbox(channel);
  const messages = outbox.data ?? [];
  const selected = messages.find((message) => message.id === selectedId) ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Dev mailbox
          </Title>
          <Text size="sm" c="dimmed">
            E-mails and text messages the product sent to you and your companies, as the local mail and SMS
            adapters delivered them.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Channel"
          value={channel}
          onChange={(value) => {
            setChannel(value as OutboxChannel);
            setSelectedId(null);
          }}
          data={[
            { value: 'email', label: 'E-mail' },
            { value: 'sms', label: 'Text messages' },
          ]}
        />
      </Group>

      {outbox.isPending && (
        <Stack gap="xs" aria-label="Loading messages">
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      )}

      {outbox.isError &&
        (isMailboxUnavailable(outbox.error) ? (
          <Alert color="gray" role="status" title="The mailbox is not enabled on this server.">
            It shows the e-mails and text messages sent to you and your companies when the server runs with
            MAIL_OUTBOX_VIEWER on (the default with the demo data) and without an SMTP server.
          </Alert>
        ) : (
          <Alert color="red" role="alert" title="The messages could not be loaded">
            <Button size="compact-sm" variant="light" onClick={() => outbox.refetch()}>
              Retry
            </Button>
          </Alert>
        ))}

      {outbox.isSuccess && messages.length === 0 && <Text c="dimmed">No messages yet.</Text>}

      {outbox.isSuccess && messages.length > 0 && (
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="md">
              {/* Native scrolling: Mantine's autosized ScrollArea widens its content to the longest subject,
                  which pushed the status badges out of sight (issue 17, defect 9). */}
              <Box mah={560} style={{ overflowY: 'auto' }}>
                <ul aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {messages.map((message) => (
                    <li key={message.id}>
                      <UnstyledButton
                        w="100%"
                        px="md"
                        py="sm"
                        aria-pressed={message.id === selectedId}
                        onClick={() => setSelectedId(message.id)}
                        bg={message.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
                        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                      >
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Text size="sm" fw={500} truncate="end">
                            {messageHeading(message)}
                          </Text>
                          {/* The heading gives way (truncated), never the status. */}
                          <Badge size="xs" color={statusColors[message.status]} style={{ flex: 'none' }}>
                            {message.status}
                          </Badge>
                        </Group>
                        <Text size="xs" c="dimmed" truncate="end">
                          {message.to} · {formatTime(message.createdAt)}
                        </Text>
                      </UnstyledButton>
                    </li>
                  ))}
                </ul>
              </Box>
            </Paper>
            {outbox.isFetching && <Loader size="xs" mt="xs" aria-label="Refreshing" />}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {selected ? (
              <MessageDetail message={selected} />
            ) : (
              <Text c="dimmed">Choose a message to read it.</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
