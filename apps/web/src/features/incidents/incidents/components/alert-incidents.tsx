import { Anchor, Card, List, Title } from '@mantine/core';
import type { Alert, AlertTimelineEntry } from '@tocsin/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PermissionButton } from '@/components/ui/permission-button';
import { useCurrentUser } from '@/lib/get-me';
import { DeclareIncidentModal } from './declare-incident-modal';
import { incidentHref } from './incidents-list';

/** The alert page's "Declare incident": the declare form with the alert's summary, its team and the link. */
export function DeclareFromAlertButton({ alert }: { alert: Alert }) {
  const [declaring, setDeclaring] = useState(false);
  const navigate = useNavigate();
  const allowed = useCurrentUser().permissions.includes('manage_incidents');
  return (
    <>
      <PermissionButton
        allowed={allowed}
        permission="manage_incidents"
        size="sm"
        variant="default"
        color="red"
        onClick={() => setDeclaring(true)}
      >
        Declare incident
      </PermissionButton>
      {allowed && (
        <DeclareIncidentModal
          opened={declaring}
          onClose={() => setDeclaring(false)}
          onDeclared={(incident) => navigate(incidentHref(incident.id))}
          start={{ name: alert.summary.slice(0, 200), team_id: alert.team_id, alert_id: alert.id }}
        />
      )}
    </>
  );
}

/**
 * The incidents declared from the alert, each a link to its incident; named as the alert's timeline recorded
 * them when it declared them ("INC-12: name").
 */
export function AlertIncidents({ alert, timeline }: { alert: Alert; timeline: AlertTimelineEntry[] | undefined }) {
  if (alert.incident_ids.length === 0) return null;
  const named = new Map(
    (timeline ?? []).flatMap((entry) =>
      entry.kind === 'incident_declared' ? [[entry.incidentId, `${entry.reference}: ${entry.name}`] as const] : [],
    ),
  );
  return (
    <Card withBorder data-testid="alert-incidents">
      <Title order={2} size="h4" mb="sm">
        Incidents
      </Title>
      <List>
        {alert.incident_ids.map((incidentId) => (
          <List.Item key={incidentId}>
            <Anchor component={Link} to={incidentHref(incidentId)}>
              {named.get(incidentId) ?? 'Incident declared from this alert'}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
