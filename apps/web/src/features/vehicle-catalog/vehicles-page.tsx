import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/vehicles` (R18, P25): the vehicle catalog and its price overrides (issue 14). */
export function VehiclesPage() {
  useDocumentTitle('Vehicle Catalog Management');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Vehicle Catalog Management
      </Title>
      <Text c="dimmed">This screen is being built.</Text>
    </Stack>
  );
}
