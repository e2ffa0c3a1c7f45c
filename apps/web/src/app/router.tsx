import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { lazyComponent, type LazyComponent } from '@/lib/lazy-component';
import { RequireSession } from './guards/require-session';
import { RootLayout } from './root-layout';
import { LoginRoute } from './routes/auth/login';
import { ChunkLoadBoundary } from './shell/chunk-load-boundary';

// The sign-in page is the first screen and the only page in the entry chunk; every other page loads when first
// opened, and the signed-in part of the app (shell, navigation, screens) when the first of its pages is.
const RegistrationRoute = lazyComponent(() => import('./routes/auth/registration').then((m) => m.RegistrationRoute));
const RegistrationCompleteRoute = lazyComponent(() =>
  import('./routes/auth/registration-complete').then((m) => m.RegistrationCompleteRoute),
);
const ForgotPasswordRoute = lazyComponent(() =>
  import('./routes/auth/forgot-password').then((m) => m.ForgotPasswordRoute),
);
const ResetPasswordRoute = lazyComponent(() =>
  import('./routes/auth/reset-password').then((m) => m.ResetPasswordRoute),
);
const InvitationAcceptRoute = lazyComponent(() =>
  import('./routes/invitation-accept').then((m) => m.InvitationAcceptRoute),
);
const AlternativeEmailVerifyRoute = lazyComponent(() =>
  import('./routes/alternative-email-verify').then((m) => m.AlternativeEmailVerifyRoute),
);
const EmailChangeConfirmRoute = lazyComponent(() =>
  import('./routes/email-change-confirm').then((m) => m.EmailChangeConfirmRoute),
);
const DevMailboxRoute = lazyComponent(() => import('./routes/dev-mailbox').then((m) => m.DevMailboxRoute));
const TermsRoute = lazyComponent(() => import('./routes/static/static-pages').then((m) => m.TermsRoute));
const PrivacyRoute = lazyComponent(() => import('./routes/static/static-pages').then((m) => m.PrivacyRoute));
const AboutRoute = lazyComponent(() => import('./routes/static/static-pages').then((m) => m.AboutRoute));
const SignedInApp = lazyComponent(() => import('./routes/signed-in-app').then((m) => m.SignedInApp));
/** The signed-in app's file, then the files of the screens it shows at `pathname`. */
const preloadSignedIn = (pathname: string) =>
  SignedInApp.preload().then(() => import('./routes/signed-in-app').then((m) => m.preloadSignedInScreens(pathname)));

/** A lazily loaded page: a spinner while its file loads, the chunk-failure recovery if it cannot. */
function page(Page: LazyComponent) {
  return (
    <ChunkLoadBoundary>
      <Suspense fallback={<LoadingArea />}>
        <Page />
      </Suspense>
    </ChunkLoadBoundary>
  );
}

/**
 * A route to a lazily loaded page whose file loads before the route renders (its loader): the page then renders at
 * once, without the spinner and React's 300 ms hold on what replaces it (lib/lazy-component.tsx). The spinner shows
 * while the file loads on the first page opened; on a later one the page before stays until the next is ready.
 * A file that fails to load fails the page, not the loader: the page's chunk-failure recovery takes it.
 */
function pageRoute(path: string, Page: LazyComponent, preload: (pathname: string) => Promise<unknown> = Page.preload) {
  return {
    path,
    element: page(Page),
    loader: ({ request }: LoaderFunctionArgs) => preload(new URL(request.url).pathname).then(nothing, nothing),
    // Only a new path can need another file. A change of the query alone (a history step, a filter) runs no loader,
    // so it lands at once, as without one: two arrow presses in a row each step on from the address the first left.
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    HydrateFallback: LoadingArea,
  } satisfies RouteObject;
}
const nothing = () => null;

// Public: SPEC.md section 2.
const PUBLIC_ROUTES: RouteObject[] = [
  { index: true, element: <LoginRoute /> },
  { path: 'sessions/new', element: <LoginRoute /> },
  { path: 'sessions/sso/new', element: <LoginRoute /> },
  pageRoute('registrations/new', RegistrationRoute),
  pageRoute('registrations/:id/complete', RegistrationCompleteRoute),
  pageRoute('forgot_passwords/new', ForgotPasswordRoute),
  pageRoute('password_resets/:token', ResetPasswordRoute),
  pageRoute('invitations/:token', InvitationAcceptRoute),
  pageRoute('alternative_emails/:token/verify', AlternativeEmailVerifyRoute),
  pageRoute('email_changes/:token/confirm', EmailChangeConfirmRoute),
  pageRoute('dev/mailbox', DevMailboxRoute),
  pageRoute('legal/terms', TermsRoute),
  pageRoute('legal/privacy', PrivacyRoute),
  pageRoute('about', AboutRoute),
];

const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      ...PUBLIC_ROUTES,
      // Any other path is the signed-in app's (its routes are descendants of this one, in app/routes/signed-in-app.tsx).
      { element: <RequireSession />, children: [pageRoute('*', SignedInApp, preloadSignedIn)] },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
