import { Stack, Text, Title } from '@mantine/core';
import { AuditEventsBrowser } from '@/features/audit-events/components/audit-events-browser';

/** /settings/audit_events (flag auditEvents, owners): every change in the organization, who made it and when. */
export function AuditEventsRoute() {
  return (
    <Stack>
      <Title order={1} size="h2">
        Audit events
      </Title>
      <Text c="dimmed" size="sm">
        Every change in this organization, with who made it (a person, an API key, a signed link or the system).
        Machines can follow it through <code>GET /api/v1/audit_events/feed</code>.
      </Text>
      <AuditEventsBrowser />
    </Stack>
  );
}
