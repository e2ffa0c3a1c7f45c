import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** SPEC.md section 2: a new page starts at the top, unless the address points into the page (a hash). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
