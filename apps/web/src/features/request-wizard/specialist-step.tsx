import { Alert, Loader, Select, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { requestWizardKeys } from './query-keys';
import { fetchSpecialists } from './request-wizard.api';

/** Step 1: the specialist the dealer asks (or any); a change clears the selected services. */
export function SpecialistStep(props: {
  dealerId: number;
  preferredOnly: boolean;
  category: string;
  onCategory: (c: string) => void;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const companyId = useActingCompanyId();
  const specialists = useQuery({
    queryKey: requestWizardKeys.specialists(companyId, props.dealerId),
    queryFn: () => fetchSpecialists(props.dealerId),
  });
  const list = (specialists.data ?? []).filter((s) => !props.preferredOnly || s.dealer_preferred === 1);
  if (specialists.isPending) return <Loader size="sm" aria-label="Loading specialists" />;
  const options = [
    { value: '0', label: `Any (${list.length})` },
    ...list.map((s) => ({
      value: String(s.Installer_id),
      label: `${s.Installer_Name}${s.distance_miles !== null ? ` · ${Math.round(s.distance_miles)} mi` : ''}`,
    })),
  ];
  return (
    <Stack>
      <Title order={4}>Choose a specialist</Title>
      {list.length === 0 && (
        <Alert color="yellow">
          No specialists available. No specialists found for the selected category.
        </Alert>
      )}
      <Select
        label="Specialist"
        data={options}
        value={props.value === null ? null : String(props.value)}
        onChange={(v) => props.onChange(v === null ? null : Number(v))}
        allowDeselect={false}
        placeholder="Choose a specialist"
      />
    </Stack>
  );
}
