import type { TSessionUser } from '@app/contracts/auth.contract';
import { ActionIcon, Burger, Group, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { StoredCompany } from '../../../lib/session-store';
import { CompanySwitcher } from '../../company/components/company-switcher';

type TopBarProps = {
  user: TSessionUser;
  company: StoredCompany;
  isMenuOpen: boolean;
  onToggleMenu: () => void;
};

/**
 * Top bar (002 §2.3). Below 1024 px it is also the mobile header: a menu toggle, the company
 * selector and, for installers, a Calendar link. The user name shows from 768 px.
 */
export function TopBar({ user, company, isMenuOpen, onToggleMenu }: TopBarProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={isMenuOpen}
          onClick={onToggleMenu}
          hiddenFrom="md"
          size="sm"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
        />
        <CompanySwitcher user={user} company={company} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        {user.userType === 'installer' && (
          <ActionIcon
            component={Link}
            to="/calendar"
            variant="subtle"
            size="lg"
            hiddenFrom="md"
            aria-label="Calendar"
          >
            <IconCalendar size={20} aria-hidden />
          </ActionIcon>
        )}
        <Text size="sm" fw={500} visibleFrom="sm" truncate="end" maw={220} title={user.userName}>
          {user.userName}
        </Text>
      </Group>
    </Group>
  );
}
