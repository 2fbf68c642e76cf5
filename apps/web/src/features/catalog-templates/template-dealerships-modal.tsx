import {
  type TInstallerDealership,
  type TTemplate,
  type TTemplateDealership,
  templateMessages,
} from '@app/contracts/catalog-templates.contract';
import { Alert, Button, Group, Modal, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActingCompanyId } from '../../lib/query-keys';
import { templateKeys } from './query-keys';
import { LoadingLine } from './template-form-modal';
import {
  assignTemplate,
  describeAssignmentFailure,
  fetchInstallerDealerships,
  fetchTemplateDetail,
  removeTemplateDealerships,
} from './templates-api';

type Props = {
  template: TTemplate;
  isReadOnly: boolean;
  onClose: () => void;
  onChanged: () => Promise<void> | void;
};

const place = (d: Pick<TTemplateDealership, 'dealer_address_city' | 'dealer_address_state'>) =>
  [d.dealer_address_city, d.dealer_address_state].filter(Boolean).join(', ');

/** An option of the assignment picker: the dealership, and the template it would leave (002 §4: one at a time). */
export function assignmentOption(dealership: TInstallerDealership) {
  const where = place(dealership);
  const now = dealership.template_name ? ` (now: ${dealership.template_name})` : '';
  return {
    value: String(dealership.dealer_id),
    label: `${dealership.dealer_name}${where ? ` — ${where}` : ''}${now}`,
  };
}

/**
 * The dealerships using a template (row 138), titled with its name, empty M226; and where it is assigned
 * (row 139, replacing the dealership's current template of this installer) and removed (row 140).
 */
export function TemplateDealershipsModal({ template, isReadOnly, onClose, onChanged }: Props) {
  const companyId = useActingCompanyId();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [chosen, setChosen] = useState<string[]>([]);
  const detail = useQuery({
    queryKey: templateKeys.detail(companyId, template.template_id),
    queryFn: () => fetchTemplateDetail(companyId, template.template_id),
  });
  const dealerships = useQuery({
    queryKey: templateKeys.dealerships(companyId),
    queryFn: () => fetchInstallerDealerships(companyId),
    enabled: !isReadOnly,
  });
  const changed = async (message: string) => {
    notifications.show({ color: 'teal', message });
    await Promise.all([detail.refetch(), dealerships.refetch(), onChanged()]);
  };
  const assign = useMutation({
    mutationFn: (ids: number[]) => assignTemplate(companyId, template.template_id, ids),
    onSuccess: async (reply) => {
      setChosen([]);
      await changed(reply.message);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeTemplateDealerships(companyId, template.template_id, [id]),
    onSuccess: (reply) => changed(reply.message),
  });
  const using = detail.data?.dealerships ?? [];
  const options = (dealerships.data ?? [])
    .filter((d) => d.template_id !== template.template_id)
    .map(assignmentOption);
  const failure = assign.error ?? remove.error;

  return (
    <Modal opened onClose={onClose} title={template.template_name} size="lg" fullScreen={isMobile}>
      <Stack gap="sm">
        {detail.isPending ? (
          <LoadingLine label="Loading dealerships…" />
        ) : detail.isError ? (
          <Alert color="red" role="alert">
            {templateMessages.notFound}
          </Alert>
        ) : using.length === 0 ? (
          <Text size="sm" c="gray.7">
            {templateMessages.noDealerships}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Dealerships">
            {using.map((d) => (
              <Paper key={d.dealer_id} component="li" withBorder radius="sm" p="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div>
                    <Text size="sm" fw={600}>
                      {d.dealer_name}
                    </Text>
                    {place(d) ? (
                      <Text size="xs" c="gray.7">
                        {place(d)}
                      </Text>
                    ) : null}
                  </div>
                  {isReadOnly ? null : (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={`Remove ${d.dealer_name} from ${template.template_name}`}
                      loading={remove.isPending && remove.variables === d.dealer_id}
                      onClick={() => remove.mutate(d.dealer_id)}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {isReadOnly ? null : (
          <Stack gap="xs" component="section" aria-label="Assignment">
            <MultiSelect
              label="Assign to dealerships"
              description="A dealership has one template at a time: assigning this one replaces its current template."
              placeholder={
                options.length ? 'Choose dealerships' : 'Every dealership already uses this template'
              }
              data={options}
              value={chosen}
              onChange={setChosen}
              searchable
              nothingFoundMessage="No dealership found"
              disabled={dealerships.isPending || options.length === 0}
              maxDropdownHeight={200}
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end">
              <Button
                disabled={chosen.length === 0}
                loading={assign.isPending}
                onClick={() => assign.mutate(chosen.map(Number))}
              >
                ASSIGN TEMPLATE
              </Button>
            </Group>
          </Stack>
        )}
        {failure ? (
          <Alert color="red" role="alert">
            {describeAssignmentFailure(failure)}
          </Alert>
        ) : null}
      </Stack>
    </Modal>
  );
}
