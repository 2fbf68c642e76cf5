import { APP_VERSION } from '@app/contracts/shell.contract';
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { usePublishedVersion } from '../hooks/use-published-version';

/** Tells the user a newer build is published (002 §2.4) and offers to load it. */
export function VersionBanner() {
  const published = usePublishedVersion();
  const [dismissedVersion, setDismissedVersion] = useState<string | null>(null);
  const version = published.data;

  if (!version || version === APP_VERSION || version === dismissedVersion) return null;

  return (
    <Paper
      role="status"
      aria-label="New version"
      radius={0}
      px="md"
      py={6}
      bg="blue.0"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 300,
        borderBottom: '1px solid var(--mantine-color-blue-2)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">A new version ({version}) is available.</Text>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            Reload
          </Button>
          <CloseButton size="sm" aria-label="Dismiss" onClick={() => setDismissedVersion(version)} />
        </Group>
      </Group>
    </Paper>
  );
}
