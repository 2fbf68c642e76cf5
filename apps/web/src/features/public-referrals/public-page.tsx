import { Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { env, PRODUCT_NAME } from '../../env';
import { useDocumentTitle } from '../../lib/use-document-title';

type PublicPageProps = {
  title: string;
  /** A line under the title. */
  lead?: ReactNode;
  children?: ReactNode;
  /** The card's widest size (px): forms are narrow, the benefits page is wider. */
  maxWidth?: number;
};

/**
 * The layout of the public referral pages (no shell, no sign-in): the product name, one card with the page's
 * heading, and the homepage and support links under it. Fits a 390 px wide phone.
 */
export function PublicPage({ title, lead, children, maxWidth = 560 }: PublicPageProps) {
  useDocumentTitle(title);
  return (
    <Center mih="100dvh" p={{ base: 'xs', sm: 'md' }} component="main">
      <Stack w="100%" maw={maxWidth} gap="md" py="md">
        <Text fw={700} c="dimmed" ta="center" size="sm">
          {PRODUCT_NAME}
        </Text>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Box>
              <Title order={1} size="h2" ta="center">
                {title}
              </Title>
              {lead && (
                <Text ta="center" mt="xs" c="dimmed">
                  {lead}
                </Text>
              )}
            </Box>
            {children}
          </Stack>
        </Paper>
        <Text size="sm" c="dimmed" ta="center">
          <Anchor href={env.homepageUrl} size="sm">
            Visit our homepage
          </Anchor>
          {' · '}
          <Anchor href={`mailto:${env.supportEmail}`} size="sm">
            Contact support
          </Anchor>
        </Text>
      </Stack>
    </Center>
  );
}

/** The page while its link is being checked: a spinner and a status line screen readers announce. */
export function PublicPageLoading({ title, message }: { title: string; message: string }) {
  return (
    <PublicPage title={title}>
      <Center py="xl">
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>{message}</Text>
        </Stack>
      </Center>
    </PublicPage>
  );
}
