import { SkipLink } from '@/components/ui/skip-link';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { legacyRedirect } from './legacy-redirects';
import { LoginStateSync } from './login-state-sync';
import { FocusMainOnNavigate } from './shell/focus-main-on-navigate';
import { ScrollToTop } from './shell/scroll-to-top';

/** Wraps every route, public or not: old addresses move on before any page or sign-in check runs. */
export function RootLayout() {
  const { pathname, search, hash } = useLocation();
  const target = legacyRedirect(pathname, search);
  if (target) return <Navigate to={`${target}${hash}`} replace />;
  return (
    <>
      <SkipLink />
      <ScrollToTop />
      <FocusMainOnNavigate />
      <LoginStateSync />
      <Outlet />
    </>
  );
}
