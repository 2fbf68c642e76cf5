import type { MenuKey } from '@app/domain/identity/access';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { FullPageLoader } from './full-page-loader';
import { RequireMenuEntry } from './require-menu-entry';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { SignedInGuard } from './signed-in-guard';

// Every page is a lazy route, so the first download holds only the router, providers and guard.

/** A screen behind a menu visibility rule: others get "not available for your account". */
function restricted(menuKey: MenuKey, route: RouteObject): RouteObject {
  return { element: <RequireMenuEntry menuKey={menuKey} />, children: [route] };
}

function publicPage(path: string, title: string, description: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const { PublicPlaceholderPage } = await import(
        '../features/placeholders/components/public-placeholder-page'
      );
      return { element: <PublicPlaceholderPage title={title} description={description} /> };
    },
  };
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader label="Loading" />,
    children: [
      { index: true, element: <Navigate to="/requestimates" replace /> },
      {
        path: 'login',
        lazy: async () => ({
          Component: (await import('../features/auth/components/sign-in-page')).SignInPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
        }),
      },
      // Public pages (001 §2.6, 002 §2.1): no sign-in.
      {
        path: 'claim/*',
        lazy: async () => ({ Component: (await import('../features/public-claim/claim-page')).ClaimPage }),
      },
      {
        path: 'referralclaim/*',
        lazy: async () => ({
          Component: (await import('../features/public-referrals/referral-claim-page')).ReferralClaimPage,
        }),
      },
      {
        path: 'public/referral/*',
        lazy: async () => ({
          Component: (await import('../features/public-referrals/public-referral-page')).PublicReferralPage,
        }),
      },
      {
        path: 'public/benefits/*',
        lazy: async () => ({
          Component: (await import('../features/public-referrals/benefits-page')).BenefitsPage,
        }),
      },
      publicPage(
        'help/*',
        'Help and policies',
        'This help page is being written. Until it is published, please contact support from the sign-in screen.',
      ),
      {
        element: <SignedInGuard />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell-layout')).ShellLayout }),
            children: [
              ...(['requestimates', 'jobs', 'pickups'] as const).map(
                (path): RouteObject => ({
                  path,
                  lazy: async () => {
                    const { ServiceRequestsPage } = await import(
                      '../features/service-requests/components/service-requests-page'
                    );
                    const mode = path === 'requestimates' ? 'requests' : path;
                    // Not keyed by mode: when an action moves the selected request to another list (COMPLETE
                    // JOB takes a job to Pickups, still selected), the page and its details stay mounted, so
                    // a press on the details or a confirmation open over them is not lost to a re-mount.
                    return { element: <ServiceRequestsPage mode={mode} /> };
                  },
                }),
              ),
              {
                path: 'financials',
                lazy: async () => ({
                  Component: (await import('../features/financials/financials-page')).FinancialsPage,
                }),
              },
              restricted('referrals', {
                path: 'referrals',
                lazy: async () => ({
                  Component: (await import('../features/referrals/referrals-page')).ReferralsPage,
                }),
              }),
              {
                path: 'newrequestimates',
                lazy: async () => ({
                  Component: (await import('../features/request-wizard/request-wizard-page'))
                    .RequestWizardPage,
                }),
              },
              {
                path: 'newestimate',
                lazy: async () => ({
                  Component: (await import('../features/estimate-wizard/estimate-wizard-page'))
                    .EstimateWizardPage,
                }),
              },
              {
                path: 'editJob/:requestId',
                lazy: async () => ({
                  Component: (await import('../features/edit-job/edit-job-page')).EditJobPage,
                }),
              },
              {
                path: 'contract/:requestId',
                lazy: async () => ({
                  Component: (await import('../features/customer-contract/contract-page')).ContractPage,
                }),
              },
              restricted('calendar', {
                path: 'calendar',
                lazy: async () => ({
                  Component: (await import('../features/calendar/calendar-page')).CalendarPage,
                }),
              }),
              restricted('customers', {
                path: 'customers',
                lazy: async () => ({
                  Component: (await import('../features/customers/customers-page')).CustomersPage,
                }),
              }),
              restricted('services', {
                path: 'services',
                lazy: async () => ({
                  Component: (await import('../features/service-catalog/services-page')).ServicesPage,
                }),
              }),
              restricted('vehicles', {
                path: 'vehicles',
                lazy: async () => ({
                  Component: (await import('../features/vehicle-catalog/vehicles-page')).VehiclesPage,
                }),
              }),
              restricted('profile', {
                path: 'profile',
                lazy: async () => ({
                  Component: (await import('../features/profile/profile-page')).ProfilePage,
                }),
              }),
              restricted('users', {
                path: 'users',
                lazy: async () => ({
                  Component: (await import('../features/users/users-page')).UsersPage,
                }),
              }),
              {
                path: 'dev/mailbox',
                lazy: async () => ({
                  Component: (await import('../features/dev-mailbox/components/dev-mailbox-page'))
                    .DevMailboxPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/placeholders/components/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];
