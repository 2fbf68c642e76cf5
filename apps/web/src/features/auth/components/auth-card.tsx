import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { env } from '../../../env';

/** The centred card of the public sign-in and password screens; fits a 390 px wide phone. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {children}
          <Stack gap={4} align="center">
            <Text size="sm" c="dimmed">
              New here?{' '}
              <Anchor href={env.homepageUrl} size="sm">
                Visit our homepage
              </Anchor>
            </Text>
            <Text size="sm" c="dimmed">
              Need help?{' '}
              <Anchor href={`mailto:${env.supportEmail}`} size="sm">
                Contact support
              </Anchor>
            </Text>
          </Stack>
        </Stack>
      </Paper>
    </Center>
  );
}
