import type { TRequestService } from '@app/contracts/service-requests.contract';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDollars } from '../../../lib/money';
import { formatDuration } from '../request-format';
import type { PartState } from './detail-section';
import { DetailSection } from './detail-section';

const serviceStateColors: Record<TRequestService['service_state'], string> = {
  new: 'gray',
  started: 'violet',
  finished: 'teal',
};

export function findServiceName(service: Pick<TRequestService, 'custom_description' | 'description'>) {
  return service.custom_description?.trim() || service.description;
}

function ServiceLine({ service }: { service: TRequestService }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end">
          {findServiceName(service)}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {service.service_category} · {formatDuration(service.service_duration)} ·{' '}
          {formatDollars(service.service_amount)}
        </Text>
      </Stack>
      <Badge
        size="sm"
        variant="light"
        color={serviceStateColors[service.service_state]}
        style={{ flex: 'none' }}
      >
        {service.service_state}
      </Badge>
    </Group>
  );
}

type RequestServicesProps = {
  services: readonly TRequestService[];
  part: PartState;
  /** Null when rows cannot be selected (no action panel, e.g. ASSIST). */
  selectedId: number | null;
  isSelectable: boolean;
  onSelect: (serviceId: number | null) => void;
};

/** The request's services; a row is selected for START SERVICE / FINISH SERVICE (000 §5). */
export function RequestServices({
  services,
  part,
  selectedId,
  isSelectable,
  onSelect,
}: RequestServicesProps) {
  return (
    <DetailSection title="Services" what="services" part={part}>
      {services.length === 0 ? (
        <Text size="sm" c="dimmed">
          No services are listed.
        </Text>
      ) : (
        <Stack
          gap={4}
          component="ul"
          aria-label="Services"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {services.map((service) => {
            const isSelected = service.service_id === selectedId;
            return (
              <li key={service.service_id}>
                {isSelectable ? (
                  <UnstyledButton
                    w="100%"
                    p="xs"
                    aria-pressed={isSelected}
                    onClick={() => onSelect(isSelected ? null : service.service_id)}
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      border: `1px solid ${isSelected ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-default-border)'}`,
                      background: isSelected ? 'var(--mantine-color-blue-0)' : undefined,
                    }}
                  >
                    <ServiceLine service={service} />
                  </UnstyledButton>
                ) : (
                  <ServiceLine service={service} />
                )}
              </li>
            );
          })}
        </Stack>
      )}
    </DetailSection>
  );
}
