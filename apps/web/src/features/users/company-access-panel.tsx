import type { TCompanyAccessEntry } from '@app/contracts/shell.contract';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';

type Props = {
  /** The companies the administrator may give (row 152). */
  choices: readonly TCompanyAccessEntry[];
  companyType: string;
  primaryId: number | null;
  /** The additional companies (ids), as edited. */
  selected: readonly number[];
  onChange: (ids: number[]) => void;
};

/**
 * The Company Access side panel (002 §2.11, rule 124): additional companies of the user's company type, not
 * already held, not the primary company. Saved with the user (row 151).
 */
export function CompanyAccessPanel({ choices, companyType, primaryId, selected, onChange }: Props) {
  const [adding, setAdding] = useState<string | null>(null);
  const nameOf = (id: number) => choices.find((c) => c.company_id === id)?.company_name ?? `Company ${id}`;
  const options = choices
    .filter(
      (c) => c.company_type === companyType && c.company_id !== primaryId && !selected.includes(c.company_id),
    )
    .map((c) => ({ value: String(c.company_id), label: c.company_name }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="company-access-heading">
      <Stack gap="sm">
        <Title order={3} size="h5" id="company-access-heading">
          Company Access
        </Title>
        <Text size="sm" c="dimmed">
          Other companies this user can switch to, besides the primary company.
        </Text>
        {selected.length === 0 ? (
          <Text size="sm">No additional companies.</Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Additional companies"
          >
            {selected.map((id) => (
              <Group key={id} component="li" justify="space-between" wrap="nowrap">
                <Text size="sm">{nameOf(id)}</Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${nameOf(id)}`}
                  onClick={() => onChange(selected.filter((s) => s !== id))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        <Group align="end" gap="xs" wrap="nowrap">
          <Select
            label="Add company access"
            placeholder={options.length ? 'Choose a company' : 'No other companies'}
            data={options}
            value={adding}
            onChange={setAdding}
            disabled={options.length === 0}
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            disabled={!adding}
            onClick={() => {
              if (!adding) return;
              onChange([...selected, Number(adding)]);
              setAdding(null);
            }}
          >
            Add
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
