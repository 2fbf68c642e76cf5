import type { TSessionUser } from '@app/contracts/auth.contract';
import { Drawer } from '@mantine/core';
import { SideMenu } from '../features/navigation/components/side-menu';

type MenuDrawerProps = { user: TSessionUser; opened: boolean; onClose: () => void };

/**
 * The menu in a drawer, below 1024 px (002 §2.1). Its own module: the drawer's code (modal, focus trap, scroll
 * lock) loads when the menu is first opened, not with every signed-in page (issue 17).
 */
export function MenuDrawer({ user, opened, onClose }: MenuDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      hiddenFrom="md"
      size={300}
      title={user.userName}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <SideMenu user={user} onNavigate={onClose} />
    </Drawer>
  );
}
