import { Box, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Detail = { label: string; value: ReactNode };

/** Label–value pairs as a description list: two columns from 576 px, one on a phone. */
export function DetailList({ details }: { details: Detail[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {details.map((detail) => (
        <Box key={detail.label}>
          <Text component="dt" size="sm" c="dimmed">
            {detail.label}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {detail.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
