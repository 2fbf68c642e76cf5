import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last resort for errors thrown while rendering or loading a route (for example a chunk that no longer exists after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  if (error) console.error(error);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text>An unexpected error occurred. Reloading the page usually helps.</Text>
        {detail && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {detail}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
