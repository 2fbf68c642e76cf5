import {
  TEMPLATE_NAME_MAX,
  type TTemplate,
  type TTemplateCatalogService,
  templateMessages,
} from '@app/contracts/catalog-templates.contract';
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormFooter } from '../../lib/form-footer';
import { useActingCompanyId } from '../../lib/query-keys';
import { templateKeys } from './query-keys';
import { describeFailure, fetchTemplateCatalog, saveTemplate } from './templates-api';

type Props = {
  /** The template to edit; null creates one. */
  template: TTemplate | null;
  onClose: () => void;
  onSaved: () => Promise<void> | void;
};

/** A small in-place loading state of the template modals. */
export function LoadingLine({ label }: { label: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** Categories in the order the catalog gives them (the wizards' order), each with its services. */
export function groupByCategory(services: readonly TTemplateCatalogService[]) {
  const groups = new Map<string, TTemplateCatalogService[]>();
  for (const service of services) {
    groups.set(service.service_category, [...(groups.get(service.service_category) ?? []), service]);
  }
  return [...groups.entries()].map(([category, list]) => ({ category, services: list }));
}

/** Rules 118 and 119 (M223, M224), checked before the call; the server checks them again. */
export function validateTemplate(name: string, selected: ReadonlySet<number>) {
  return {
    name: name.trim() ? null : templateMessages.nameRequired,
    services: selected.size > 0 ? null : templateMessages.serviceRequired,
  };
}

/** Create/Edit Template (P24): name, category tabs with per-tab selected counts, a checkbox list of services. */
export function TemplateFormModal({ template, onClose, onSaved }: Props) {
  const companyId = useActingCompanyId();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [name, setName] = useState(template?.template_name ?? '');
  const [selected, setSelected] = useState<Set<number>>(
    () => new Set(template?.services.map((s) => s.master_service_id) ?? []),
  );
  const [showErrors, setShowErrors] = useState(false);
  const [tab, setTab] = useState<string | null>(null);
  const catalog = useQuery({
    queryKey: templateKeys.catalog(companyId),
    queryFn: () => fetchTemplateCatalog(companyId),
  });
  const groups = useMemo(() => groupByCategory(catalog.data ?? []), [catalog.data]);
  const activeTab = tab ?? groups[0]?.category ?? null;
  const errors = validateTemplate(name, selected);
  const save = useMutation({
    mutationFn: () =>
      saveTemplate(companyId, template?.template_id ?? null, { name: name.trim(), services: [...selected] }),
    onSuccess: async () => {
      await onSaved();
      onClose();
    },
  });

  const toggle = (id: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (errors.name || errors.services) return;
    save.mutate();
  };

  const title = template ? 'Edit Template' : 'Create Template';
  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={isMobile} centered={!isMobile}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput
            label="Template Name"
            required
            value={name}
            maxLength={TEMPLATE_NAME_MAX}
            onChange={(event) => setName(event.currentTarget.value)}
            error={showErrors ? errors.name : null}
            data-autofocus
          />
          <Text size="sm" fw={600} id="template-services-label">
            Services ({selected.size} selected)
          </Text>
          {catalog.isPending ? (
            <LoadingLine label="Loading services…" />
          ) : catalog.isError ? (
            <Alert color="red" role="alert" title="Services">
              Failed to load services.{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => catalog.refetch()}>
                Try Again
              </Button>
            </Alert>
          ) : groups.length === 0 ? (
            <Text size="sm" c="gray.7">
              Your catalog has no services to put in a template yet.
            </Text>
          ) : (
            <Tabs value={activeTab} onChange={setTab} keepMounted={false}>
              <Tabs.List aria-labelledby="template-services-label">
                {groups.map((group) => {
                  const count = group.services.filter((s) => selected.has(s.master_service_id)).length;
                  return (
                    <Tabs.Tab key={group.category} value={group.category} fw={count > 0 ? 700 : 400}>
                      {`${group.category} (${count})`}
                    </Tabs.Tab>
                  );
                })}
              </Tabs.List>
              {groups.map((group) => (
                <Tabs.Panel key={group.category} value={group.category} pt="sm">
                  <Stack
                    gap="xs"
                    role="group"
                    aria-label={`${group.category} services`}
                    mah={isMobile ? undefined : 320}
                    style={{ overflowY: 'auto' }}
                  >
                    {group.services.map((service) => (
                      <Checkbox
                        key={service.master_service_id}
                        checked={selected.has(service.master_service_id)}
                        label={service.description}
                        onChange={(event) => toggle(service.master_service_id, event.currentTarget.checked)}
                      />
                    ))}
                  </Stack>
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
          {showErrors && errors.services ? (
            <Text size="sm" c="red.8" role="alert">
              {errors.services}
            </Text>
          ) : null}
          <FormFooter
            failure={save.isError ? describeFailure(save.error, templateMessages.saveFailed) : null}
            pending={save.isPending}
            onCancel={onClose}
            cancelLabel="CANCEL"
            submitLabel={template ? 'UPDATE TEMPLATE' : 'CREATE TEMPLATE'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
