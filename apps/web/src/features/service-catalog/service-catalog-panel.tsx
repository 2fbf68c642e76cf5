import { Text } from '@mantine/core';

/** The service catalog (R16, P23): categories, services, prices per size (issue 14). */
export function ServiceCatalogPanel() {
  return <Text c="dimmed">This screen is being built.</Text>;
}
