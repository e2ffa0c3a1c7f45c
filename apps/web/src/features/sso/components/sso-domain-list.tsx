import { Badge, Box, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SsoDomainStatus } from '@tocsin/contracts';
import { ErrorAlert } from '@/components/ui/error-alert';
import { showToast } from '@/components/ui/toasts';
import { useCopyToClipboard } from '@/components/ui/use-copy-to-clipboard';
import { useVerifySsoDomain } from '../api/verify-sso-domain';

/** A value to paste at a DNS provider, with a button that copies it (the label says which). */
function CopyableValue({ label, value }: { label: string; value: string }) {
  const clipboard = useCopyToClipboard();
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code style={{ wordBreak: 'break-all', minWidth: 0 }}>{value}</Code>
      <Button
        variant="subtle"
        size="compact-xs"
        style={{ flexShrink: 0 }}
        aria-label={`Copy ${label}`}
        onClick={() => clipboard.copy(value)}
      >
        Copy
      </Button>
    </Group>
  );
}

function DomainRow({ status, isStaffSession }: { status: SsoDomainStatus; isStaffSession: boolean }) {
  const verify = useVerifySsoDomain();
  const verified = status.status === 'verified';
  const run = (by: 'dns' | 'operator') =>
    verify.mutate(
      { domain: status.domain, by },
      { onSuccess: () => showToast('success', `${status.domain} is verified`) },
    );
  return (
    <Paper withBorder p="sm" component="section" data-testid="sso-domain" aria-label={status.domain}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{status.domain}</Text>
          <Badge color={verified ? 'green' : 'yellow'} variant="light">
            {verified ? 'Verified' : 'Pending verification'}
          </Badge>
        </Group>
        {verified && (
          <Text size="sm" c="dimmed">
            {status.verified_by === 'operator' ? 'Verified by Tocsin support.' : 'Verified through its DNS TXT record.'}{' '}
            People with this email domain sign in through your provider.
          </Text>
        )}
        {!verified && status.record && (
          <>
            <Text size="sm">
              Nobody signs in through this domain until it is verified. Publish this TXT record with your DNS provider,
              then verify:
            </Text>
            <Text size="sm" c="dimmed">
              Name
            </Text>
            <CopyableValue label="record name" value={status.record.name} />
            <Text size="sm" c="dimmed">
              Value
            </Text>
            <CopyableValue label="record value" value={status.record.value} />
          </>
        )}
        {!verified && !status.record && (
          <Text size="sm">Save the settings again to get this domain&apos;s TXT record.</Text>
        )}
        {verify.isError && (
          <Box style={{ overflowWrap: 'anywhere' }}>
            <ErrorAlert error={verify.error} title={`Could not verify ${status.domain}`} />
          </Box>
        )}
        {!verified && (
          <Group>
            {status.record && (
              <Button size="xs" loading={verify.isPending && verify.variables?.by === 'dns'} onClick={() => run('dns')}>
                Verify
              </Button>
            )}
            {isStaffSession && (
              <Button
                size="xs"
                variant="outline"
                loading={verify.isPending && verify.variables?.by === 'operator'}
                onClick={() => run('operator')}
              >
                Mark verified (operator)
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Each email domain with its proof: pending ones show the TXT record to publish. */
export function SsoDomainList({ statuses, isStaffSession }: { statuses: SsoDomainStatus[]; isStaffSession: boolean }) {
  return (
    <Stack gap="xs" maw={720}>
      <Title order={2} size="h4">
        Domain verification
      </Title>
      {statuses.map((status) => (
        <DomainRow key={status.domain} status={status} isStaffSession={isStaffSession} />
      ))}
    </Stack>
  );
}
