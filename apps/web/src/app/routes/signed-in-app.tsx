import { useRoutes } from 'react-router-dom';
import { preloadScreens } from '@/lib/lazy-component';
import { AppLayout } from '../shell/app-layout';
import { onboardingRoutes } from './onboarding';
import { signedInRoutes } from './signed-in-routes';

const SIGNED_IN_ROUTES = [{ element: <AppLayout />, children: signedInRoutes }, ...onboardingRoutes];

/**
 * Everything behind the session check, in one file loaded on the first visit to one of its pages (app/router.tsx):
 * the app shell with its screens, and the onboarding screens outside it.
 */
export function SignedInApp() {
  return useRoutes(SIGNED_IN_ROUTES);
}

/** Loads the files of the screens `pathname` shows (the router's loader, before the page renders). */
export const preloadSignedInScreens = (pathname: string) => preloadScreens(SIGNED_IN_ROUTES, pathname);
