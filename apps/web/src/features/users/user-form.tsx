import type { TCompanyAccessEntry } from '@app/contracts/shell.contract';
import { type TManagedUser, userMessages, ZCreateUserBody } from '@app/contracts/users.contract';
import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFooter } from '../../lib/form-footer';
import { useActingCompanyId } from '../../lib/query-keys';
import { CompanyAccessPanel } from './company-access-panel';
import { userKeys } from './query-keys';
import {
  failureText,
  fetchUserCompanies,
  fetchUserStatus,
  requestPasswordReset,
  saveCompanyAccess,
  saveUser,
} from './users-api';

type Props = {
  /** The user to edit; null creates one. */
  user: TManagedUser | null;
  /** The companies the administrator holds (row 152). */
  choices: readonly TCompanyAccessEntry[];
  onDone: (saved: boolean) => void;
};

const COMPANY_TYPES = [
  { value: 'specialist', label: 'Specialist (installer)' },
  { value: 'dealership', label: 'Dealership' },
];
const DEALER_ACCESS = ['ASSIST', 'DIRECT', 'STANDARD'];
const INSTALLER_ACCESS = ['STANDARD', 'ADMIN', 'ASSIST', 'DIRECT'];
const STATUS_COLORS: Record<string, string> = {
  active: 'teal',
  pending: 'yellow',
  disabled: 'gray',
  not_found: 'red',
  error: 'red',
};

/** Create / Edit user (002 §2.11, rules 122–125) with the Company Access side panel. */
export function UserForm({ user, choices, onDone }: Props) {
  const companyId = useActingCompanyId();
  const defaultType = choices[0]?.company_type ?? 'specialist';
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      email: user?.Email ?? '',
      userName: user?.user_name ?? '',
      userPhoneNumber: user?.user_phone_number ?? '',
      companyId: user ? String(user.Company_id) : '',
      companyType: (user?.company_type ?? defaultType) as string,
      active: user?.active ?? true,
      access: (user?.access ?? '') as string,
    },
    validate: schemaResolver(ZCreateUserBody, { sync: true }),
  });
  const values = form.getValues();
  const userCompanies = useQuery({
    queryKey: userKeys.access(companyId, user?.User_id ?? 0),
    queryFn: () => fetchUserCompanies(user?.User_id ?? 0),
    enabled: user !== null,
  });
  const status = useQuery({
    queryKey: userKeys.status(companyId, user?.Email ?? ''),
    queryFn: () => fetchUserStatus(user?.Email ?? ''),
    enabled: user !== null,
  });
  const [extra, setExtra] = useState<number[] | null>(null);
  const held = new Set(choices.map((c) => c.company_id));
  const grantedNow = (userCompanies.data ?? [])
    .filter((c) => !c.is_primary && held.has(c.company_id))
    .map((c) => c.company_id);
  const additional = (extra ?? grantedNow).filter((id) => String(id) !== values.companyId);

  // Rule 125: in edit mode the primary company is one the user already reaches.
  const reachable = new Set([
    ...(user ? [user.Company_id] : []),
    ...(userCompanies.data ?? []).map((c) => c.company_id),
  ]);
  const companyOptions = choices
    .filter((c) => c.company_type === values.companyType && (!user || reachable.has(c.company_id)))
    .map((c) => ({ value: String(c.company_id), label: c.company_name }));
  const accessOptions = values.companyType === 'dealership' ? DEALER_ACCESS : INSTALLER_ACCESS;

  const save = useMutation({
    mutationFn: async (body: typeof values) => {
      const reply = await saveUser(user?.User_id ?? null, {
        ...body,
        companyId: Number(body.companyId),
        companyType: body.companyType as 'specialist' | 'dealership',
        access: (body.access || '') as 'STANDARD',
      });
      if (extra !== null || user === null) {
        // A save failure of the associations is only logged (002 §8).
        await saveCompanyAccess(
          reply.userId,
          additional.map((id) => ({ id, type: body.companyType as 'specialist' | 'dealership' })),
        ).catch((error: unknown) => console.warn('Company access was not saved', error));
      }
      return reply;
    },
    onSuccess: () => {
      notifications.show({ color: 'teal', message: user ? userMessages.updated : userMessages.created });
      onDone(true);
    },
  });
  const reset = useMutation({
    mutationFn: () => requestPasswordReset(user?.Email ?? ''),
    onSuccess: () => notifications.show({ color: 'teal', message: userMessages.resetSent }),
    onError: (error) =>
      notifications.show({ color: 'red', message: `${userMessages.resetFailed}: ${failureText(error)}` }),
  });

  const title = user ? `Edit User: ${user.user_name}` : 'Create New User';
  return (
    <Stack gap="md" component="section" aria-labelledby="user-form-heading">
      <Title order={2} size="h3" id="user-form-heading">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md">
          <form noValidate aria-label={title} onSubmit={form.onSubmit((v) => save.mutate(v))}>
            <Stack gap="sm">
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="off"
                {...form.getInputProps('email')}
              />
              <TextInput label="Name" required autoComplete="off" {...form.getInputProps('userName')} />
              <TextInput
                label="Phone (10 digits)"
                required
                inputMode="numeric"
                maxLength={10}
                {...form.getInputProps('userPhoneNumber')}
              />
              <Select
                label="Company Type"
                required
                data={COMPANY_TYPES}
                allowDeselect={false}
                disabled={user !== null}
                {...form.getInputProps('companyType')}
                onChange={(value) => {
                  form.setFieldValue('companyType', value ?? '');
                  form.setFieldValue('companyId', '');
                  form.setFieldValue('access', '');
                }}
              />
              <Select
                label="Primary Company"
                required
                placeholder={companyOptions.length ? 'Choose a company' : 'No companies of this type'}
                data={companyOptions}
                allowDeselect={false}
                {...form.getInputProps('companyId')}
              />
              <Select
                label="Access Level"
                required={values.companyType === 'dealership'}
                placeholder={values.companyType === 'dealership' ? 'Choose an access level' : 'STANDARD'}
                data={accessOptions}
                {...form.getInputProps('access')}
              />
              <Switch label="Account active" {...form.getInputProps('active', { type: 'checkbox' })} />
              <FormFooter
                failure={save.error ? `${userMessages.saveFailed}: ${failureText(save.error)}` : null}
                submitLabel={user ? 'Update User' : 'Create User'}
                pending={save.isPending}
                onCancel={() => onDone(false)}
              />
            </Stack>
          </form>
        </Paper>

        <Stack gap="md">
          <CompanyAccessPanel
            choices={choices}
            companyType={values.companyType}
            primaryId={values.companyId ? Number(values.companyId) : null}
            selected={additional}
            onChange={setExtra}
          />
          {user && (
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="account-status-heading">
              <Stack gap="sm">
                <Title order={3} size="h5" id="account-status-heading">
                  Account Status
                </Title>
                <Group gap="xs">
                  <Text size="sm">Status:</Text>
                  {status.isPending ? (
                    <Text size="sm">Checking…</Text>
                  ) : (
                    <Badge color={STATUS_COLORS[status.data?.status ?? 'error']} variant="light">
                      {status.isError ? 'error' : status.data?.status}
                    </Badge>
                  )}
                </Group>
                <Button variant="light" loading={reset.isPending} onClick={() => reset.mutate()}>
                  Send Password Reset
                </Button>
              </Stack>
            </Paper>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
