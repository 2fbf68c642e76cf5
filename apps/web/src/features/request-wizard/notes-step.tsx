import { Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { requestWizardKeys } from './query-keys';
import { fetchDealerTeam } from './request-wizard.api';
import type { RequestWizardForm } from './use-request-wizard';
import { MAX_REFERENCE_NUMBER } from './wizard-rules';

/** Step 4: the note, stock and deal numbers, and a team contact to notify. */
export function NotesStep(props: { dealerId: number; form: RequestWizardForm }) {
  const { form } = props;
  const companyId = useActingCompanyId();
  const team = useQuery({
    queryKey: requestWizardKeys.team(companyId, props.dealerId),
    queryFn: () => fetchDealerTeam(props.dealerId),
  });
  return (
    <Stack>
      <Title order={4}>Notes</Title>
      <Textarea label="Notes" rows={4} {...form.getInputProps('noteText')} />
      <Group grow wrap="wrap">
        <TextInput label="Stock #" maxLength={MAX_REFERENCE_NUMBER} {...form.getInputProps('stock_number')} />
        <TextInput
          label="Deal number"
          maxLength={MAX_REFERENCE_NUMBER}
          {...form.getInputProps('deal_number')}
        />
      </Group>
      <Select
        label="Contact to notify"
        clearable
        placeholder={team.isPending ? 'Loading…' : 'None'}
        data={(team.data ?? []).map((c) => ({
          value: String(c.User_id),
          label: `${c.user_name} (${c.email})`,
        }))}
        {...form.getInputProps('notifyContactId')}
      />
    </Stack>
  );
}
