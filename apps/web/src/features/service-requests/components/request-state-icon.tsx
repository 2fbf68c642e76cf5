import type { TRequestState } from '@app/contracts/service-requests.contract';
import { ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconCalendarEvent,
  IconCarGarage,
  IconChecks,
  IconFlag,
  IconMessageCheck,
  IconPackage,
  IconSparkles,
  IconStar,
  IconTool,
  IconTrash,
} from '@tabler/icons-react';
import { formatState } from '../request-format';

const stateIcons: Record<TRequestState, { icon: Icon; color: string }> = {
  new: { icon: IconSparkles, color: 'orange' },
  answered: { icon: IconMessageCheck, color: 'yellow' },
  scheduled: { icon: IconCalendarEvent, color: 'blue' },
  received: { icon: IconCarGarage, color: 'indigo' },
  started: { icon: IconTool, color: 'violet' },
  finished: { icon: IconFlag, color: 'teal' },
  collected: { icon: IconPackage, color: 'green' },
  reviewed: { icon: IconStar, color: 'green' },
  deleted: { icon: IconTrash, color: 'gray' },
};

/** The state of a request as an icon; its accessible name is the state. */
export function RequestStateIcon({ state, size = 28 }: { state: TRequestState; size?: number }) {
  const { icon: StateIcon, color } = stateIcons[state] ?? { icon: IconChecks, color: 'gray' };
  const label = formatState(state);
  return (
    <ThemeIcon
      variant="light"
      color={color}
      size={size}
      radius="xl"
      role="img"
      aria-label={label}
      title={label}
    >
      <StateIcon size={Math.round(size * 0.6)} stroke={1.75} aria-hidden />
    </ThemeIcon>
  );
}
