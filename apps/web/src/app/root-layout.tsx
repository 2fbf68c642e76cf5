import { Outlet } from 'react-router';
import { VersionBanner } from '../features/version/components/version-banner';

/** Wraps every page, public or signed in, so the new-version banner shows wherever the user is. */
export function RootLayout() {
  return (
    <>
      <VersionBanner />
      <Outlet />
    </>
  );
}
