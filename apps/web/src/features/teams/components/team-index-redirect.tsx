import { Navigate, useParams } from 'react-router-dom';

/** /settings/teams/{id} has no page of its own: the team page is its overview. */
export function TeamIndexRedirect() {
  const { teamId = '' } = useParams();
  return <Navigate to={`/settings/teams/${encodeURIComponent(teamId)}/overview`} replace />;
}
