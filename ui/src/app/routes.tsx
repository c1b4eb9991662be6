import type { RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { HomeRoute, NotForProviders, RequireAccount, RequireAdmin, RequireNotOnboarded, ToAuth } from './guards.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';

// Screens load on demand (route `lazy`), so the router reports "loading" and the progress bar moves.
const client = () => import('../features/client/client-pages.tsx');
const providerConsole = () => import('../features/provider-console/console-pages.tsx');
const directory = () => import('../features/directory/directory-pages.tsx');
const settings = () => import('../features/settings/settings-page.tsx');
const admin = () => import('../features/admin/admin-pages.tsx');
const legal = () => import('../features/legal/legal-page.tsx');
const receipts = () => import('../features/receipts/receipt-page.tsx');

// Fresh objects each time: a router takes its routes as its own.
function legalRoutes(): RouteObject[] {
  return [
    { path: 'terms', lazy: async () => ({ Component: (await legal()).TermsPage }) },
    { path: 'privacy', lazy: async () => ({ Component: (await legal()).PrivacyPage }) },
    { path: 'ranking', lazy: async () => ({ Component: (await import('../features/legal/ranking-page.tsx')).RankingPage }) },
  ];
}

function directoryRoutes(): RouteObject[] {
  return [
    { index: true, lazy: async () => ({ Component: (await directory()).ProviderSearchPage }) },
    { path: ':id', lazy: async () => ({ Component: (await directory()).ProviderProfilePage }) },
  ];
}

/** Every route of SPEC.md §2 with its guard. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen fullPage />,
    children: [
      { index: true, element: <HomeRoute /> },
      {
        // The public pages in English (docs/decisions/0034): the same screens under /en.
        path: 'en',
        children: [
          { index: true, element: <HomeRoute /> },
          ...legalRoutes(),
          { path: 'providers', element: <NotForProviders />, children: directoryRoutes() },
          { path: '*', lazy: async () => ({ Component: (await import('../features/system/not-found-page.tsx')).NotFoundPage }) },
        ],
      },
      { path: 'auth', lazy: async () => ({ Component: (await import('../features/auth/auth-page.tsx')).AuthPage }) },
      {
        path: 'auth/reset-password',
        lazy: async () => ({ Component: (await import('../features/auth/reset-password-page.tsx')).ResetPasswordPage }),
      },
      {
        path: 'verify-email',
        lazy: async () => ({ Component: (await import('../features/auth/verify-email-page.tsx')).VerifyEmailPage }),
      },
      {
        path: 'waitlist/confirm',
        lazy: async () => ({ Component: (await import('../features/landing/waitlist-confirm-page.tsx')).WaitlistConfirmPage }),
      },
      ...legalRoutes(),
      { path: 'login', element: <ToAuth /> },
      { path: 'signup', element: <ToAuth signUp /> },
      { path: 'register', element: <ToAuth signUp /> },
      {
        element: <RequireNotOnboarded />,
        children: [
          {
            path: 'onboarding',
            lazy: async () => ({ Component: (await import('../features/onboarding/onboarding-page.tsx')).OnboardingPage }),
          },
        ],
      },
      {
        path: 'provider',
        element: <RequireAccount access="provider" />,
        children: [
          { path: 'home', lazy: async () => ({ Component: (await providerConsole()).ProviderHomePage }) },
          { path: 'portfolio', lazy: async () => ({ Component: (await import('../features/portfolio/portfolio-page.tsx')).PortfolioPage }) },
          {
            path: 'calendar',
            lazy: async () => ({ Component: (await import('../features/provider-console/calendar-page.tsx')).ProviderCalendarPage }),
          },
          { path: 'jobs/:id', lazy: async () => ({ Component: (await providerConsole()).ProviderJobPage }) },
          { path: 'jobs/:id/receipt', lazy: async () => ({ Component: (await receipts()).ReceiptPage }) },
          { path: 'settings', lazy: async () => ({ Component: (await settings()).ProviderSettingsPage }) },
          {
            path: 'verification',
            lazy: async () => ({ Component: (await import('../features/verification/verification-page.tsx')).VerificationPage }),
          },
        ],
      },
      {
        path: 'client',
        element: <RequireAccount access="client" />,
        children: [
          { path: 'home', lazy: async () => ({ Component: (await client()).ClientHomePage }) },
          { path: 'my-appointments', lazy: async () => ({ Component: (await client()).ClientAppointmentsPage }) },
          { path: 'history', lazy: async () => ({ Component: (await client()).ClientHistoryPage }) },
          { path: 'reviews', lazy: async () => ({ Component: (await client()).ClientReviewsPage }) },
          { path: 'jobs/:id', lazy: async () => ({ Component: (await client()).ClientJobPage }) },
          { path: 'jobs/:id/receipt', lazy: async () => ({ Component: (await receipts()).ReceiptPage }) },
          { path: 'profile', lazy: async () => ({ Component: (await client()).ClientProfilePage }) },
          { path: 'settings', lazy: async () => ({ Component: (await settings()).ClientSettingsPage }) },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          {
            lazy: async () => ({ Component: (await admin()).AdminLayout }),
            children: [
              { index: true, lazy: async () => ({ Component: (await admin()).OverviewSection }) },
              { path: 'verification', lazy: async () => ({ Component: (await admin()).VerificationSection }) },
              { path: 'waitlist', lazy: async () => ({ Component: (await admin()).WaitlistSection }) },
              { path: 'logs', lazy: async () => ({ Component: (await admin()).LogsSection }) },
              { path: 'accounts', lazy: async () => ({ Component: (await admin()).AccountsSection }) },
              { path: 'no-shows', lazy: async () => ({ Component: (await admin()).NoShowsSection }) },
              { path: 'payments', lazy: async () => ({ Component: (await admin()).PaymentsSection }) },
            ],
          },
        ],
      },
      {
        path: 'providers',
        element: <NotForProviders />,
        children: [
          ...directoryRoutes(),
          {
            path: ':id/book',
            element: <RequireAccount access="client" />,
            children: [{ index: true, lazy: async () => ({ Component: (await import('../features/booking/booking-page.tsx')).BookingPage }) }],
          },
        ],
      },
      {
        element: <RequireAccount />,
        children: [
          {
            // The list alone, or beside the open conversation (one screen, so the list stays put).
            path: 'messages/:id?',
            lazy: async () => ({ Component: (await import('../features/messages/messages-page.tsx')).MessagesPage }),
          },
          {
            path: 'settings',
            lazy: async () => ({ Component: (await settings()).SettingsPage }),
          },
        ],
      },
      // The api answers 404 in production, so the page shows nothing there (DESIGN.md §2).
      { path: 'dev/outbox', lazy: async () => ({ Component: (await import('../features/dev/outbox-page.tsx')).OutboxPage }) },
      { path: 'dev/design', lazy: async () => ({ Component: (await import('../features/dev/design-page.tsx')).DesignPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('../features/system/not-found-page.tsx')).NotFoundPage }) },
    ],
  },
];
