import type { TSessionUser } from '@app/contracts/auth.contract';
import { APP_VERSION } from '@app/contracts/shell.contract';
import type { MenuKey } from '@app/domain/identity/access';
import { visibleMenuEntries } from '@app/domain/identity/access';
import { Badge, Box, Button, Divider, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBriefcase,
  IconCalendar,
  IconCar,
  IconClipboardList,
  IconCoin,
  IconLogout,
  IconShare,
  IconTool,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSignOut } from '../../auth/hooks/use-sign-out';
import { useMenuCounts } from '../hooks/use-menu-counts';
import { HelpLinks } from './help-links';

const menuIcons: Record<MenuKey, ReactNode> = {
  referrals: <IconShare size={18} aria-hidden />,
  requests: <IconClipboardList size={18} aria-hidden />,
  jobs: <IconBriefcase size={18} aria-hidden />,
  pickups: <IconTruckDelivery size={18} aria-hidden />,
  calendar: <IconCalendar size={18} aria-hidden />,
  financials: <IconCoin size={18} aria-hidden />,
  customers: <IconUsersGroup size={18} aria-hidden />,
  services: <IconTool size={18} aria-hidden />,
  vehicles: <IconCar size={18} aria-hidden />,
  profile: <IconUserCircle size={18} aria-hidden />,
  users: <IconUsers size={18} aria-hidden />,
};

function isActiveRoute(pathname: string, route: string): boolean {
  const current = pathname.toLowerCase();
  const target = route.toLowerCase();
  return current === target || current.startsWith(`${target}/`);
}

type SideMenuProps = {
  user: TSessionUser;
  /** Called after an entry is chosen (the mobile drawer closes itself with it). */
  onNavigate?: () => void;
};

/** The side navigation (002 §2.2), used by the desktop sidebar and the mobile drawer alike. */
export function SideMenu({ user, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const counts = useMenuCounts(user);
  const signOut = useSignOut();
  const entries = visibleMenuEntries(user.userType, user.access);

  return (
    <Stack gap="sm" h="100%">
      {/* The browser's own scrolling: Mantine's ScrollArea would bring its positioning library along (issue 17). */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <nav aria-label="Main menu">
          {entries.map((entry) => {
            const count = counts.data?.[entry.key];
            return (
              <NavLink
                key={entry.key}
                component={Link}
                to={entry.route}
                label={entry.label}
                leftSection={menuIcons[entry.key]}
                rightSection={
                  typeof count === 'number' ? (
                    <Badge size="sm" variant="light" circle={count < 10}>
                      {count}
                    </Badge>
                  ) : undefined
                }
                active={isActiveRoute(pathname, entry.route)}
                aria-current={isActiveRoute(pathname, entry.route) ? 'page' : undefined}
                onClick={onNavigate}
              />
            );
          })}
        </nav>
        <div aria-live="polite">
          {counts.isPending && (
            <Group gap="xs" px="sm" py="xs">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                Loading
              </Text>
            </Group>
          )}
          {counts.isError && !counts.data && (
            <Group gap="xs" px="sm" py="xs" justify="space-between" role="alert">
              <Text size="sm" c="red">
                Error loading data
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => counts.refetch()}
                loading={counts.isFetching}
              >
                Retry
              </Button>
            </Group>
          )}
        </div>
      </Box>
      <Divider />
      <Stack gap="xs" px="sm" pb="sm">
        <NavLink
          component="button"
          type="button"
          label="Sign Out"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={signOut}
          mx="calc(var(--mantine-spacing-sm) * -1)"
          w="auto"
        />
        <HelpLinks />
        <Text size="xs" c="dimmed">
          Version {APP_VERSION}
        </Text>
      </Stack>
    </Stack>
  );
}
