import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useChangeEventSource } from '../api/change-event-source';
import { useEventSource } from '../api/get-event-source';
import { sourceFormValues, sourceSettings } from '../lib/source-form-values';
import { SourceForm } from './source-form';
import { ResourceLoadFailure } from '../../shared/components/resource-load-failure';

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
    return (
      <ResourceLoadFailure
        title="Edit event source"
        thing="event source"
        error={source.error}
        testId="source-not-found"
        back={{ to: '/signals/sources', label: 'Event sources' }}
      />
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
