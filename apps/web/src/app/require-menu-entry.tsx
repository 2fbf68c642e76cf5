import type { MenuKey } from '@app/domain/identity/access';
import { visibleMenuEntries } from '@app/domain/identity/access';
import { Outlet } from 'react-router';
import { NotAvailablePage } from '../features/placeholders/components/not-available-page';
import { useSession } from '../lib/session-store';

/**
 * Screens tied to a menu entry with a visibility rule (installer-only screens, User Management for
 * ADMIN) use the same rule as the menu, from the domain package, so menu and route never disagree.
 */
export function RequireMenuEntry({ menuKey }: { menuKey: MenuKey }) {
  const { user } = useSession();
  const isAllowed =
    user !== null && visibleMenuEntries(user.userType, user.access).some((e) => e.key === menuKey);
  return isAllowed ? <Outlet /> : <NotAvailablePage />;
}
