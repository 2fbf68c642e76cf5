import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** An honest stand-in for a signed-in screen whose issue is not done yet. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">This screen is being built.</Text>
    </Stack>
  );
}

/** Placeholder of a screen about one request (`/editJob/:requestId`, `/contract/:requestId`). */
export function RequestPlaceholderPage({ title }: { title: string }) {
  const { requestId } = useParams();
  return <PlaceholderPage title={requestId ? `${title} #${requestId}` : title} />;
}
