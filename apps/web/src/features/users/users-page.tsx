import type { TManagedUser } from '@app/contracts/users.contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useActingCompanyId } from '../../lib/query-keys';
import { userKeys } from './query-keys';
import { UserForm } from './user-form';
import { fetchCompanyChoices, fetchUsers } from './users-api';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; user: TManagedUser };

/** Search by name or e-mail (002 §2.11). */
export function filterUsers(users: readonly TManagedUser[], search: string): TManagedUser[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter(
    (u) => u.user_name.toLowerCase().includes(needle) || u.Email.toLowerCase().includes(needle),
  );
}

/** User Management, R20: list, create and edit modes (ADMIN only; the server enforces it). */
export function UsersPage() {
  const companyId = useActingCompanyId();
  const queryClient = useQueryClient();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [search, setSearch] = useState('');
  const users = useQuery({ queryKey: userKeys.list(companyId), queryFn: fetchUsers });
  const choices = useQuery({ queryKey: userKeys.companies(companyId), queryFn: fetchCompanyChoices });

  if (mode.kind !== 'list') {
    return (
      <Stack gap="md" p={{ base: 'sm', md: 'lg' }}>
        <Title order={1} size="h2">
          User Management
        </Title>
        <UserForm
          key={mode.kind === 'edit' ? mode.user.User_id : 'new'}
          user={mode.kind === 'edit' ? mode.user : null}
          choices={choices.data ?? []}
          onDone={async (saved) => {
            if (saved) await queryClient.invalidateQueries({ queryKey: userKeys.all });
            setMode({ kind: 'list' });
          }}
        />
      </Stack>
    );
  }

  const shown = filterUsers(users.data ?? [], search);
  const edit = (user: TManagedUser) => (
    <Button
      size="xs"
      style={{ flexShrink: 0 }}
      variant="light"
      aria-label={`Edit ${user.user_name}`}
      onClick={() => setMode({ kind: 'edit', user })}
    >
      Edit
    </Button>
  );
  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }} component="section" aria-labelledby="users-heading">
      <Group justify="space-between" align="end">
        <Title order={1} size="h2" id="users-heading">
          User Management
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setMode({ kind: 'create' })}
          disabled={!choices.data}
        >
          Create New User
        </Button>
      </Group>
      <TextInput
        label="Search users"
        placeholder="Search by name or email"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {users.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading users">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : users.isError ? (
        <Alert color="red" role="alert" title="Users could not be loaded">
          <Group justify="space-between">
            <Text size="sm">Please try again.</Text>
            <Button size="xs" variant="white" onClick={() => users.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : shown.length === 0 ? (
        <Text>{search ? 'No users match your search.' : 'No users yet.'}</Text>
      ) : isMobile ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
          {shown.map((user) => (
            <Paper key={user.User_id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{user.user_name}</Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {user.Email}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[user.user_phone_number, user.access, user.company_name].filter(Boolean).join(' · ')}
                    {user.status !== 'active' ? ` · ${user.status}` : ''}
                  </Text>
                </Stack>
                {edit(user)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Access Level</Table.Th>
                <Table.Th>Primary Company</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((user) => (
                <Table.Tr key={user.User_id}>
                  <Table.Td>
                    {user.user_name}
                    {user.status !== 'active' ? (
                      <Text span size="xs" c="dimmed">
                        {` (${user.status})`}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{user.Email}</Table.Td>
                  <Table.Td>{user.user_phone_number ?? '—'}</Table.Td>
                  <Table.Td>{user.access}</Table.Td>
                  <Table.Td>{user.company_name}</Table.Td>
                  <Table.Td>{edit(user)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
