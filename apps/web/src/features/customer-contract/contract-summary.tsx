import type { TContractSummary } from '@app/contracts/customer-contracts.contract';
import { formatMoney } from '@app/domain/shared/money';
import { Divider, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';

type Party = { name: string; email: string | null; phone: string | null; address: string | null };

const money = formatMoney;

function PartyCard({ kind, party }: { kind: string; party: Party }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {kind}
      </Text>
      <Text fw={600}>{party.name}</Text>
      {party.email && <Text size="sm">{party.email}</Text>}
      {party.phone && <Text size="sm">{party.phone}</Text>}
      {party.address && <Text size="sm">{party.address}</Text>}
    </Paper>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
}

/** Step 2: the facts the PDF shows (docs/decisions/019): parties, vehicle, services, totals, dates, terms. */
export function ContractSummary({ summary, customer }: { summary: TContractSummary; customer: Party }) {
  const vehicle = [summary.vehicle.year, summary.vehicle.make, summary.vehicle.model, summary.vehicle.trim]
    .filter(Boolean)
    .join(' ');
  return (
    <Stack gap="md" aria-label="Contract summary">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <PartyCard kind="Dealer" party={summary.dealer} />
        <PartyCard kind="Customer" party={customer} />
        <PartyCard kind="Specialist" party={summary.specialist} />
      </SimpleGrid>
      <Paper withBorder p="sm" radius="md">
        <Title order={3} size="h5">
          Vehicle
        </Title>
        <Text>{vehicle || '—'}</Text>
        <Text size="sm">VIN: {summary.vehicle.vin ?? 'not collected yet'}</Text>
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Title order={3} size="h5" mb="xs">
          Services
        </Title>
        <Table.ScrollContainer
          minWidth={360}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Contract services table' } }}
        >
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Category</Table.Th>
                <Table.Th>Service</Table.Th>
                <Table.Th ta="right">Duration</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.services.map((s) => (
                <Table.Tr key={s.lineId}>
                  <Table.Td>{s.category}</Table.Td>
                  <Table.Td>
                    {s.description}
                    {s.discountCents > 0 && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (discount {money(s.discountCents)})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {s.durationDays} day{s.durationDays === 1 ? '' : 's'}
                  </Table.Td>
                  <Table.Td ta="right">{money(s.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Divider my="xs" />
        <Stack gap={2} maw={360} ml="auto">
          <Line label="Services" value={money(summary.totals.subtotalCents)} />
          <Line label="Discount" value={money(summary.totals.discountCents)} />
          <Line label="Taxes" value={money(summary.totals.taxesCents)} />
          <Line label="Total" value={money(summary.totals.totalCents)} strong />
          <Line label="Deposit" value={money(summary.totals.depositCents)} />
          <Line label="Balance due on delivery" value={money(summary.totals.balanceDueCents)} />
        </Stack>
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Title order={3} size="h5">
          Dates
        </Title>
        <Line label="Vehicle available" value={summary.availableDate} />
        <Line label="Work due" value={summary.dueDate ?? '—'} />
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Title order={3} size="h5" mb="xs">
          Terms
        </Title>
        <List type="ordered" size="sm" spacing={4}>
          {summary.terms.map((term) => (
            <List.Item key={term}>{term}</List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
