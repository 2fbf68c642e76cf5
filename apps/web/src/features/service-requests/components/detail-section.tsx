import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type PartState = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/** A part's failure: its section stays empty with a small retry (000 §8). */
export function PartError({ what, part }: { what: string; part: PartState }) {
  return (
    <Group gap="xs" role="alert">
      <Text size="sm" c="red.8">
        The {what} could not be loaded.
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        leftSection={<IconRefresh size={12} aria-hidden />}
        loading={part.isFetching}
        onClick={() => part.refetch()}
        aria-label={`Retry loading the ${what}`}
      >
        Retry
      </Button>
    </Group>
  );
}

/** Body of a part: a skeleton while loading, the small retry on failure, else the content. */
export function PartBody({ what, part, children }: { what: string; part: PartState; children: ReactNode }) {
  if (part.isPending && part.isFetching) {
    return (
      <Stack gap={6} aria-label={`Loading the ${what}`} role="status">
        <Skeleton height={12} width="80%" />
        <Skeleton height={12} width="60%" />
      </Stack>
    );
  }
  if (part.isError) return <PartError what={what} part={part} />;
  return <>{children}</>;
}

/** A titled section of the detail panel for one loaded part. */
export function DetailSection({
  title,
  what,
  part,
  children,
}: {
  title: string;
  what: string;
  part: PartState;
  children: ReactNode;
}) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} size="h6" tt="uppercase" c="dimmed">
        {title}
      </Title>
      <PartBody what={what} part={part}>
        {children}
      </PartBody>
    </Stack>
  );
}
