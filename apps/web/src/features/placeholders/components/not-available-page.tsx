import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Shown inside the shell when the signed-in user's kind or access level does not include the screen. */
export function NotAvailablePage() {
  useDocumentTitle('Not available');
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        Not available
      </Title>
      <Text>This page is not available for your account.</Text>
      <Anchor component={Link} to="/requestimates">
        Go to Requests
      </Anchor>
    </Stack>
  );
}
