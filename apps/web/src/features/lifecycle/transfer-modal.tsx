import { actionBodySchemas } from '@app/contracts/lifecycle.contract';
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { fetchInstallerGroup, NO_TRANSFER_CANDIDATES_MESSAGE } from './lifecycle-api';
import { lifecycleKeys } from './query-keys';

type TransferModalProps = {
  opened: boolean;
  installerId: number;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: (toInstaller: number) => void;
};

/** The contract's rule for the transfer action: the chosen specialist's location id. */
const validateTransfer = schemaResolver(actionBodySchemas.transfer, { sync: true });

/** 'Transfer Job to Other Specialst' (000 §2, spelled so): candidates from /installerGroup/{id}. */
export function TransferModal({ opened, installerId, isSubmitting, onClose, onConfirm }: TransferModalProps) {
  // The radio group's value: the chosen location id as text, '' until one is chosen.
  const form = useForm({ initialValues: { toInstaller: '' }, validate: validateTransfer });
  const isChosen = form.values.toInstaller !== '';
  const companyId = useActingCompanyId();
  const group = useQuery({
    queryKey: lifecycleKeys.installerGroup(companyId, installerId),
    queryFn: () => fetchInstallerGroup(installerId),
    enabled: opened,
  });
  const candidates = (group.data ?? []).filter((candidate) => candidate.Installer_id !== installerId);
  return (
    <Modal opened={opened} onClose={onClose} title="Transfer Job to Other Specialst" centered>
      <form onSubmit={form.onSubmit((values) => onConfirm(Number(values.toInstaller)))}>
        <Stack gap="sm">
          {group.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">Loading specialists…</Text>
            </Group>
          ) : group.isError ? (
            <Alert color="red" variant="light" role="alert">
              The specialists could not be loaded.
            </Alert>
          ) : candidates.length === 0 ? (
            <Alert color="yellow" variant="light" role="alert">
              {NO_TRANSFER_CANDIDATES_MESSAGE}
            </Alert>
          ) : (
            <Radio.Group label="Specialist" {...form.getInputProps('toInstaller')}>
              <Stack gap="xs" mt="xs">
                {candidates.map((candidate) => (
                  <Radio
                    key={candidate.Installer_id}
                    value={String(candidate.Installer_id)}
                    label={candidate.Installer_Name}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isChosen} loading={isSubmitting}>
              TRANSFER
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
