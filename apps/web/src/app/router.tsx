import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { RequireSession } from './guards/require-session';
import { RootLayout } from './root-layout';
import { AlternativeEmailVerifyRoute } from './routes/alternative-email-verify';
import { DevMailboxRoute } from './routes/dev-mailbox';
import { EmailChangeConfirmRoute } from './routes/email-change-confirm';
import { ForgotPasswordRoute } from './routes/auth/forgot-password';
import { LoginRoute } from './routes/auth/login';
import { RegistrationRoute } from './routes/auth/registration';
import { RegistrationCompleteRoute } from './routes/auth/registration-complete';
import { ResetPasswordRoute } from './routes/auth/reset-password';
import { InvitationAcceptRoute } from './routes/invitation-accept';
import { onboardingRoutes } from './routes/onboarding';
import { signedInRoutes } from './routes/signed-in-routes';
import { AboutRoute, PrivacyRoute, TermsRoute } from './routes/static/static-pages';
import { AppLayout } from './shell/app-layout';

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      // Public: SPEC.md section 2.
      { index: true, element: <LoginRoute /> },
      { path: 'sessions/new', element: <LoginRoute /> },
      { path: 'sessions/sso/new', element: <LoginRoute /> },
      { path: 'registrations/new', element: <RegistrationRoute /> },
      { path: 'registrations/:id/complete', element: <RegistrationCompleteRoute /> },
      { path: 'forgot_passwords/new', element: <ForgotPasswordRoute /> },
      { path: 'password_resets/:token', element: <ResetPasswordRoute /> },
      { path: 'invitations/:token', element: <InvitationAcceptRoute /> },
      { path: 'alternative_emails/:token/verify', element: <AlternativeEmailVerifyRoute /> },
      { path: 'email_changes/:token/confirm', element: <EmailChangeConfirmRoute /> },
      { path: 'dev/mailbox', element: <DevMailboxRoute /> },
      { path: 'legal/terms', element: <TermsRoute /> },
      { path: 'legal/privacy', element: <PrivacyRoute /> },
      { path: 'about', element: <AboutRoute /> },
      {
        element: <RequireSession />,
        children: [{ element: <AppLayout />, children: signedInRoutes }, ...onboardingRoutes],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
