import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { VersionBanner } from '../features/version/components/version-banner';
import { keepFocusOnThePage } from './focus-keeper';

/**
 * Wraps every page, public or signed in, so the new-version banner shows wherever the user is, and the
 * keyboard focus returns to the page when a popup closes or the focused element goes away.
 */
export function RootLayout() {
  useEffect(() => keepFocusOnThePage(), []);
  return (
    <>
      <VersionBanner />
      <Outlet />
    </>
  );
}
