import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

type PublicPlaceholderPageProps = { title: string; description: string };

/** Stand-in for a public page (claim, referral, help) whose issue is not done yet; it offers no form. */
export function PublicPlaceholderPage({ title, description }: PublicPlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder radius="md" p="xl" maw={520} w="100%">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text>{description}</Text>
          <Anchor component={Link} to="/">
            Go to the home page
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
