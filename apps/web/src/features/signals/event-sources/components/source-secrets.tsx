import { Alert, Stack, Title } from '@mantine/core';
import type { EventSourceWithSecrets } from '@tocsin/contracts';
import { ingestSnippets } from '../lib/snippets';
import { CopyableValue } from '@/components/ui/copyable-value';
import { SnippetTabs } from './snippet-tabs';

/** The ingest URL and signing secret, shown once after creating a source or rotating its token. */
export function SourceSecrets({ source }: { source: EventSourceWithSecrets }) {
  const url = source.ingest_url;
  const secret = source.signing_secret ?? null;
  const snippets = url ? ingestSnippets(source.format, url, secret, source.token ?? null) : [];
  return (
    <Stack data-testid="source-secrets">
      <Alert color="yellow" title="Copy these now" role="status">
        {url
          ? "The ingest URL holds a secret token and is shown only this once. Rotate the token from the source's page if it is lost or leaked."
          : 'The signing secret is shown only this once. Make a new one from this page if it is lost or leaked.'}
      </Alert>
      {url && <CopyableValue label="Ingest URL" value={url} testId="ingest-url" />}
      {secret && <CopyableValue label="Signing secret" value={secret} testId="signing-secret" />}
      {snippets.length > 0 && (
        <>
          <Title order={2} size="h4">
            Send a first alert
          </Title>
          <SnippetTabs snippets={snippets} kind="snippet" />
        </>
      )}
    </Stack>
  );
}
