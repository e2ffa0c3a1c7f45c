import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useQuotaEntitlement } from '@/features/organization-admin/api/get-quota-entitlement';
import { isQuotaReached } from '@/features/organization-admin/lib/quota';
import { useCurrentUser } from '@/lib/get-me';
import { NotFoundRoute } from '../routes/not-found';
import { canOpen, isEnabled } from '../shell/nav-access';
import { refusalPath } from './refusal';
import type { NavItem } from '../shell/navigation';

type Gate = Pick<
  NavItem,
  'roles' | 'permission' | 'flag' | 'hiddenForStaff' | 'deniedRedirect' | 'teamParam' | 'entitlement'
>;

/**
 * A page of a disabled area does not exist (404); a page the user may not open sends them to
 * /unauthorized/{requiredPermission} (SPEC.md section 6), with `?roles=` when their role is what refuses
 * it (refusal.ts), or where the page says they go instead. A page adding to a quota the tier has used up
 * sends there too (SPEC.md section 2: "plus the runbooks entitlement; redirect to runbooks when missing").
 */
export function RequireAccess({ gate, children }: { gate: Gate; children: ReactNode }) {
  const me = useCurrentUser();
  const entitlement = useQuotaEntitlement(gate.entitlement);
  if (!isEnabled(gate, me) || (gate.hiddenForStaff && me.user.isStaffSession)) return <NotFoundRoute />;
  // a team page under rbacCandidateControl: the team's membership may grant it, which the page checks
  const teamDecides = !!gate.teamParam && me.featureFlags.rbacCandidateControl === true;
  if (!teamDecides && !canOpen(gate, me)) {
    if (gate.deniedRedirect) return <Navigate to={gate.deniedRedirect} replace />;
    const refusal = refusalPath(gate, me);
    return refusal ? <Navigate to={refusal} replace /> : <NotFoundRoute />;
  }
  if (gate.entitlement) {
    if (entitlement.isPending) return <LoadingArea />;
    if (isQuotaReached(entitlement.data)) return <Navigate to={gate.deniedRedirect ?? '/'} replace />;
  }
  return children;
}
