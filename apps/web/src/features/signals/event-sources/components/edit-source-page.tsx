import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { ApiError } from '@/lib/api-client';
import { useChangeEventSource } from '../api/change-event-source';
import { useEventSource } from '../api/get-event-source';
import { sourceFormValues, sourceSettings } from '../lib/source-form-values';
import { SourceForm } from './source-form';

/**
 * /signals/sources/{id}/edit: the source's name, default team and policy, limit and auto-resolve quiet period.
 * The token and the signature have their own actions on the source's page.
 */
export function EditSourcePage() {
  const { sourceId = '' } = useParams();
  const source = useEventSource(sourceId);
  const change = useChangeEventSource();
  const navigate = useNavigate();
  const sourceUrl = `/signals/sources/${encodeURIComponent(sourceId)}`;
  if (source.isPending) return <LoadingArea />;
  if (source.isError) {
    const missing = source.error instanceof ApiError && source.error.status === 404;
    return (
      <Stack>
        <Title order={1} size="h2">
          Edit event source
        </Title>
        {missing ? (
          <Text data-testid="source-not-found">
            This event source does not exist, or belongs to another organization.
          </Text>
        ) : (
          <ErrorAlert error={source.error} title="Could not load the event source" />
        )}
        <Anchor component={Link} to="/signals/sources">
          Event sources
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack maw={760}>
      <Anchor component={Link} to={sourceUrl} size="sm" style={{ overflowWrap: 'anywhere' }}>
        <span aria-hidden>← </span>
        {source.data.name}
      </Anchor>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        Edit {source.data.name}
      </Title>
      <SourceForm
        mode="edit"
        defaultValues={sourceFormValues(source.data)}
        submitLabel="Save changes"
        errorTitle="Could not save the source"
        error={change.error}
        onCancel={() => navigate(sourceUrl)}
        onSubmit={async (values) => {
          await change.mutateAsync({ sourceId, body: sourceSettings(values) });
          navigate(sourceUrl);
        }}
      />
    </Stack>
  );
}
