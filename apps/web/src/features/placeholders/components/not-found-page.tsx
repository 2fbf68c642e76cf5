import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack gap="sm" align="center" ta="center">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed" style={{ wordBreak: 'break-all' }}>
          There is no page at {pathname}.
        </Text>
        <Anchor component={Link} to="/">
          Go to the home page
        </Anchor>
      </Stack>
    </Center>
  );
}
