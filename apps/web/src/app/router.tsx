import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { RequireSession } from './guards/require-session';
import { RootLayout } from './root-layout';
import { LoginRoute } from './routes/auth/login';
import { ChunkLoadBoundary } from './shell/chunk-load-boundary';

// The sign-in page is the first screen and the only page in the entry chunk; every other page loads when first
// opened, and the signed-in part of the app (shell, navigation, screens) when the first of its pages is.
const RegistrationRoute = lazy(() =>
  import('./routes/auth/registration').then((m) => ({ default: m.RegistrationRoute })),
);
const RegistrationCompleteRoute = lazy(() =>
  import('./routes/auth/registration-complete').then((m) => ({ default: m.RegistrationCompleteRoute })),
);
const ForgotPasswordRoute = lazy(() =>
  import('./routes/auth/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('./routes/auth/reset-password').then((m) => ({ default: m.ResetPasswordRoute })),
);
const InvitationAcceptRoute = lazy(() =>
  import('./routes/invitation-accept').then((m) => ({ default: m.InvitationAcceptRoute })),
);
const AlternativeEmailVerifyRoute = lazy(() =>
  import('./routes/alternative-email-verify').then((m) => ({ default: m.AlternativeEmailVerifyRoute })),
);
const EmailChangeConfirmRoute = lazy(() =>
  import('./routes/email-change-confirm').then((m) => ({ default: m.EmailChangeConfirmRoute })),
);
const DevMailboxRoute = lazy(() => import('./routes/dev-mailbox').then((m) => ({ default: m.DevMailboxRoute })));
const TermsRoute = lazy(() => import('./routes/static/static-pages').then((m) => ({ default: m.TermsRoute })));
const PrivacyRoute = lazy(() => import('./routes/static/static-pages').then((m) => ({ default: m.PrivacyRoute })));
const AboutRoute = lazy(() => import('./routes/static/static-pages').then((m) => ({ default: m.AboutRoute })));
const SignedInApp = lazy(() => import('./routes/signed-in-app').then((m) => ({ default: m.SignedInApp })));

/** A lazily loaded page: a spinner while its file loads, the chunk-failure recovery if it cannot. */
function page(Page: ComponentType) {
  return (
    <ChunkLoadBoundary>
      <Suspense fallback={<LoadingArea />}>
        <Page />
      </Suspense>
    </ChunkLoadBoundary>
  );
}

// Public: SPEC.md section 2.
const PUBLIC_ROUTES: RouteObject[] = [
  { index: true, element: <LoginRoute /> },
  { path: 'sessions/new', element: <LoginRoute /> },
  { path: 'sessions/sso/new', element: <LoginRoute /> },
  { path: 'registrations/new', element: page(RegistrationRoute) },
  { path: 'registrations/:id/complete', element: page(RegistrationCompleteRoute) },
  { path: 'forgot_passwords/new', element: page(ForgotPasswordRoute) },
  { path: 'password_resets/:token', element: page(ResetPasswordRoute) },
  { path: 'invitations/:token', element: page(InvitationAcceptRoute) },
  { path: 'alternative_emails/:token/verify', element: page(AlternativeEmailVerifyRoute) },
  { path: 'email_changes/:token/confirm', element: page(EmailChangeConfirmRoute) },
  { path: 'dev/mailbox', element: page(DevMailboxRoute) },
  { path: 'legal/terms', element: page(TermsRoute) },
  { path: 'legal/privacy', element: page(PrivacyRoute) },
  { path: 'about', element: page(AboutRoute) },
];

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      ...PUBLIC_ROUTES,
      // Any other path is the signed-in app's (its routes are descendants of this one, in app/routes/signed-in-app.tsx).
      { element: <RequireSession />, children: [{ path: '*', element: page(SignedInApp) }] },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
