import { APP_VERSION, COPYRIGHT_YEAR } from '@app/contracts/shell.contract';
import { AppShell, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../env';
import { SideMenu } from '../features/navigation/components/side-menu';
import { TopBar } from '../features/navigation/components/top-bar';
import { useSession } from '../lib/session-store';
import { FullPageLoader } from './full-page-loader';

const MenuDrawer = lazy(async () => ({ default: (await import('./menu-drawer')).MenuDrawer }));

const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to main content' (WCAG 2.4.1, issue 17): the first thing Tab reaches, shown only while focused;
 * it moves the focus into the page without changing the address.
 */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus({ preventScroll: true });
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to main content
    </a>
  );
}

/**
 * The signed-in layout (002 §2.1): sidebar from 1024 px, otherwise a header whose menu toggle opens
 * the same menu in a drawer; top bar with company and user; footer with copyright and version.
 */
export function ShellLayout() {
  const { user, company } = useSession();
  const [isMenuOpen, menu] = useDisclosure(false);
  // The drawer is mounted (and its code loaded) once the menu is first opened; it then stays for its transitions.
  const [isDrawerMounted, setDrawerMounted] = useState(false);
  if (isMenuOpen && !isDrawerMounted) setDrawerMounted(true);
  const { pathname } = useLocation();

  // The drawer closes whenever the page changes, however the change happened.
  useEffect(() => {
    if (pathname) menu.close();
  }, [pathname, menu.close]);

  // The signed-in guard renders this layout only with both records stored.
  if (!user || !company) return null;

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        footer={{ height: 36 }}
        navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: true } }}
        padding="md"
      >
        <AppShell.Header>
          <TopBar user={user} company={company} isMenuOpen={isMenuOpen} onToggleMenu={menu.toggle} />
        </AppShell.Header>
        <AppShell.Navbar aria-label="Sidebar">
          <SideMenu user={user} />
        </AppShell.Navbar>
        {isDrawerMounted && (
          <Suspense fallback={null}>
            <MenuDrawer user={user} opened={isMenuOpen} onClose={menu.close} />
          </Suspense>
        )}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Suspense fallback={<FullPageLoader label="Loading" />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
        <AppShell.Footer>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate="end">
              © {COPYRIGHT_YEAR} {PRODUCT_NAME}
            </Text>
            <Text size="xs" c="dimmed">
              Version {APP_VERSION}
            </Text>
          </Group>
        </AppShell.Footer>
      </AppShell>
    </>
  );
}
