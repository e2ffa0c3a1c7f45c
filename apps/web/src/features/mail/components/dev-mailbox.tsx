import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useMailbox, type MailboxMessage } from '../api/get-mailbox';
import { linkify } from '../lib/linkify';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';

function Body({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="mail-body">
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href}>
            {part.href}
          </Anchor>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

function Message({ message }: { message: MailboxMessage }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="mail" aria-label={message.subject}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{message.subject}</Text>
          <Text size="xs" c="dimmed">
            To {message.to} · from {message.from}
          </Text>
        </Stack>
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          {new Date(message.sentAt).toLocaleString()}
        </Badge>
      </Group>
      <Body text={message.text} />
    </Card>
  );
}

/**
 * /dev/mailbox: with no SMTP configured the server keeps mail (and the dev phone provider's texts)
 * instead of sending it; this page shows it, newest first, so sign-up, invitation, reset and
 * verification flows can be followed on a laptop. Public: a reset link is needed before signing in.
 */
export function DevMailbox() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const mailbox = useMailbox(to);
  return (
    <Stack component="main" id={MAIN_CONTENT_ID} tabIndex={-1} maw={900} mx="auto" p="lg" gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Dev mailbox
        </Title>
        <Button variant="default" size="xs" loading={mailbox.isFetching} onClick={() => void mailbox.refetch()}>
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Mail and text messages this server would have sent. It keeps the newest 100, in memory, until it restarts.
      </Text>
      <TextInput
        label="Recipient"
        placeholder="Every recipient"
        value={to}
        onChange={(event) =>
          setParams(event.currentTarget.value ? { to: event.currentTarget.value } : {}, { replace: true })
        }
      />
      {mailbox.isPending && <LoadingArea label="Loading the mailbox..." />}
      {mailbox.isError && <ErrorAlert error={mailbox.error} title="Could not load the mailbox" />}
      {mailbox.data === null && (
        <Alert color="gray" title="No dev mailbox here" data-testid="mailbox-off">
          This server sends mail over SMTP (SMTP_URL is set) or runs in production, so it keeps no copies; or you are
          not on the server's machine: the mailbox holds sign-in links, so it is shown only there.
        </Alert>
      )}
      {mailbox.data?.length === 0 && (
        <Text c="dimmed" data-testid="mailbox-empty">
          {to ? `No mail to ${to} yet.` : 'No mail yet.'}
        </Text>
      )}
      {mailbox.data?.map((message) => (
        <Message key={message.id} message={message} />
      ))}
    </Stack>
  );
}
