import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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

/** 'Transfer Job to Other Specialst' (000 §2, spelled so): candidates from /installerGroup/{id}. */
export function TransferModal({ opened, installerId, isSubmitting, onClose, onConfirm }: TransferModalProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const companyId = useActingCompanyId();
  const group = useQuery({
    queryKey: lifecycleKeys.installerGroup(companyId, installerId),
    queryFn: () => fetchInstallerGroup(installerId),
    enabled: opened,
  });
  const candidates = (group.data ?? []).filter((candidate) => candidate.Installer_id !== installerId);
  return (
    <Modal opened={opened} onClose={onClose} title="Transfer Job to Other Specialst" centered>
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
          <Radio.Group
            label="Specialist"
            value={chosen === null ? null : String(chosen)}
            onChange={(value) => setChosen(Number(value))}
          >
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
          <Button
            disabled={chosen === null}
            loading={isSubmitting}
            onClick={() => chosen !== null && onConfirm(chosen)}
          >
            TRANSFER
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
