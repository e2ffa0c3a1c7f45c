import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '@/lib/get-me';
import { NotFoundRoute } from '../routes/not-found';
import { canOpen, isEnabled } from '../shell/nav-access';
import { refusalPath } from './refusal';
import type { NavItem } from '../shell/navigation';

type Gate = Pick<NavItem, 'roles' | 'permission' | 'flag' | 'hiddenForStaff' | 'deniedRedirect' | 'teamParam'>;

/**
 * A page of a disabled area does not exist (404); a page the user may not open sends them to
 * /unauthorized/{requiredPermission} (SPEC.md section 6), with `?roles=` when their role is what refuses
 * it (refusal.ts), or where the page says they go instead.
 */
export function RequireAccess({ gate, children }: { gate: Gate; children: ReactNode }) {
  const me = useCurrentUser();
  if (!isEnabled(gate, me) || (gate.hiddenForStaff && me.user.isStaffSession)) return <NotFoundRoute />;
  // a team page under rbacCandidateControl: the team's membership may grant it, which the page checks
  const teamDecides = !!gate.teamParam && me.featureFlags.rbacCandidateControl === true;
  if (!teamDecides && !canOpen(gate, me)) {
    if (gate.deniedRedirect) return <Navigate to={gate.deniedRedirect} replace />;
    const refusal = refusalPath(gate, me);
    return refusal ? <Navigate to={refusal} replace /> : <NotFoundRoute />;
  }
  return children;
}
