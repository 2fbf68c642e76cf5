import { Text } from '@mantine/core';

/** The template manager (R17, P24; issue 14). */
export function TemplatesPanel() {
  return <Text c="dimmed">This screen is being built.</Text>;
}
