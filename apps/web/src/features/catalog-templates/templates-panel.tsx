import { type TTemplate, templateMessages } from '@app/contracts/catalog-templates.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import {
  ActionIcon,
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useActingCompanyId } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { templateKeys } from './query-keys';
import { TemplateDealershipsModal } from './template-dealerships-modal';
import { TemplateFormModal } from './template-form-modal';
import {
  createdDay,
  deleteTemplate,
  describeFailure,
  fetchInstallerDealerships,
  fetchTemplates,
  searchTemplates,
} from './templates-api';

/** The heading of R17: 'Name Filter Results' while a name is searched, else the count of what is shown. */
export function templatesHeading(count: number, isNameFilter: boolean): string {
  return isNameFilter ? 'Name Filter Results' : `All Templates (${count} Template(s))`;
}

/** A failed search (row 141) falls back to filtering the loaded list by name (002 §8). */
export function filterByName(templates: readonly TTemplate[], name: string): TTemplate[] {
  const needle = name.trim().toLowerCase();
  return needle ? templates.filter((t) => t.template_name.toLowerCase().includes(needle)) : [...templates];
}

type Dialog =
  | { kind: 'form'; template: TTemplate | null }
  | { kind: 'dealerships'; template: TTemplate }
  | { kind: 'delete'; template: TTemplate }
  | null;

function TrashIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

type RowActions = {
  isReadOnly: boolean;
  onEdit: (t: TTemplate) => void;
  onDealerships: (t: TTemplate) => void;
  onDelete: (t: TTemplate) => void;
};

function NameLink({ template, isReadOnly, onEdit, onDealerships }: { template: TTemplate } & RowActions) {
  return isReadOnly ? (
    <Anchor component="button" type="button" fw={600} onClick={() => onDealerships(template)}>
      {template.template_name}
    </Anchor>
  ) : (
    <Anchor
      component="button"
      type="button"
      fw={600}
      aria-label={`Edit ${template.template_name}`}
      onClick={() => onEdit(template)}
    >
      {template.template_name}
    </Anchor>
  );
}

function DealershipsLink({ template, onDealerships }: { template: TTemplate } & RowActions) {
  return (
    <Anchor
      component="button"
      type="button"
      aria-label={`${template.dealership_count} dealership(s) using ${template.template_name}`}
      onClick={() => onDealerships(template)}
    >
      {template.dealership_count}
    </Anchor>
  );
}

function DeleteButton({ template, isReadOnly, onDelete }: { template: TTemplate } & RowActions) {
  return isReadOnly ? null : (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Delete ${template.template_name}`}
      onClick={() => onDelete(template)}
    >
      <TrashIcon />
    </ActionIcon>
  );
}

function TemplatesTable({ templates, ...actions }: { templates: TTemplate[] } & RowActions) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label="Templates" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Template Name</Table.Th>
            <Table.Th scope="col">Dealerships</Table.Th>
            <Table.Th scope="col">Services</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.template_id}>
              <Table.Td>
                <NameLink template={template} {...actions} />
              </Table.Td>
              <Table.Td>
                <DealershipsLink template={template} {...actions} />
              </Table.Td>
              <Table.Td>{template.service_count}</Table.Td>
              <Table.Td>{createdDay(template.created_date)}</Table.Td>
              <Table.Td>
                <DeleteButton template={template} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same rows as cards, for phones (390 px). */
function TemplateCards({ templates, ...actions }: { templates: TTemplate[] } & RowActions) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Templates">
      {templates.map((template) => (
        <Paper key={template.template_id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4}>
              <NameLink template={template} {...actions} />
              <Text size="sm">
                Dealerships: <DealershipsLink template={template} {...actions} />
              </Text>
              <Text size="sm">Services: {template.service_count}</Text>
              <Text size="sm" c="gray.7">
                Created {createdDay(template.created_date)}
              </Text>
            </Stack>
            <DeleteButton template={template} {...actions} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function DeleteConfirm({
  template,
  onClose,
  onDeleted,
}: {
  template: TTemplate;
  onClose: () => void;
  onDeleted: () => Promise<void>;
}) {
  const companyId = useActingCompanyId();
  const remove = useMutation({
    mutationFn: () => deleteTemplate(companyId, template.template_id),
    onSuccess: async (reply) => {
      notifications.show({ color: 'teal', message: reply.message });
      await onDeleted();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title="Delete Template">
      <Stack gap="sm">
        <Text>Are you sure you want to delete the template "{template.template_name}"?</Text>
        {remove.isError ? (
          <Alert color="red" role="alert">
            {describeFailure(remove.error, templateMessages.deleteFailed)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            CANCEL
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            DELETE
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The template manager (R17, P24; rows 137–147; 002 §2.10). */
export function TemplatesPanel() {
  const companyId = useActingCompanyId();
  const { user } = useSession();
  const isReadOnly = user ? isReadOnlyAccess(user.access) : true;
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [dealership, setDealership] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [searchName] = useDebouncedValue(name.trim(), 250);
  const isFiltering = searchName !== '' || dealership !== null;

  const list = useQuery({ queryKey: templateKeys.list(companyId), queryFn: () => fetchTemplates(companyId) });
  const search = useQuery({
    queryKey: templateKeys.search(companyId, searchName, dealership ?? ''),
    queryFn: () => searchTemplates(companyId, searchName, dealership ?? ''),
    enabled: isFiltering,
    retry: false,
  });
  const dealerships = useQuery({
    queryKey: templateKeys.dealerships(companyId),
    queryFn: () => fetchInstallerDealerships(companyId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: templateKeys.ofCompany(companyId) });

  const all = list.data ?? [];
  const shown = !isFiltering ? all : search.isError ? filterByName(all, searchName) : (search.data ?? []);
  const isLoading = list.isPending || (isFiltering && search.isPending);
  const actions: RowActions = {
    isReadOnly,
    onEdit: (template) => setDialog({ kind: 'form', template }),
    onDealerships: (template) => setDialog({ kind: 'dealerships', template }),
    onDelete: (template) => setDialog({ kind: 'delete', template }),
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="templates-heading">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3" id="templates-heading">
          {templatesHeading(shown.length, searchName !== '')}
        </Title>
        {isReadOnly ? null : (
          <Button onClick={() => setDialog({ kind: 'form', template: null })}>ADD NEW TEMPLATE</Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" role="search" aria-label="Filter templates">
        <Autocomplete
          label="Template name"
          placeholder="Search by template name"
          value={name}
          onChange={setName}
          data={[...new Set(all.map((t) => t.template_name))]}
          limit={8}
          maxDropdownHeight={200}
          w={isMobile ? '100%' : 260}
        />
        <Select
          label="Dealership"
          placeholder="All dealerships"
          value={dealership}
          onChange={setDealership}
          data={(dealerships.data ?? []).map((d) => ({ value: String(d.dealer_id), label: d.dealer_name }))}
          searchable
          clearable
          nothingFoundMessage="No dealership found"
          maxDropdownHeight={200}
          w={isMobile ? '100%' : 260}
        />
        <Button
          variant="default"
          disabled={!name && dealership === null}
          onClick={() => {
            setName('');
            setDealership(null);
          }}
        >
          Clear All Filters
        </Button>
      </Group>
      {isFiltering && search.isError ? (
        <Text size="sm" c="gray.7" role="status">
          Search is unavailable; showing templates whose name matches.
        </Text>
      ) : null}
      {list.isError ? (
        <Alert color="red" role="alert" title="Templates">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{templateMessages.loadFailed}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      ) : isLoading ? (
        <Stack gap="xs" role="status" aria-label="Loading templates">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : shown.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack align="center" gap="sm">
            <Text fw={600}>{templateMessages.empty}</Text>
            {all.length === 0 && !isReadOnly ? (
              <Button onClick={() => setDialog({ kind: 'form', template: null })}>
                Create Your First Template
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : isMobile ? (
        <TemplateCards templates={shown} {...actions} />
      ) : (
        <TemplatesTable templates={shown} {...actions} />
      )}
      {dialog?.kind === 'form' ? (
        <TemplateFormModal template={dialog.template} onClose={() => setDialog(null)} onSaved={refresh} />
      ) : null}
      {dialog?.kind === 'dealerships' ? (
        <TemplateDealershipsModal
          template={dialog.template}
          isReadOnly={isReadOnly}
          onClose={() => setDialog(null)}
          onChanged={refresh}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteConfirm template={dialog.template} onClose={() => setDialog(null)} onDeleted={refresh} />
      ) : null}
    </Stack>
  );
}
