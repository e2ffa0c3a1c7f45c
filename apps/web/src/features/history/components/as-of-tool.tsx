import { Badge, Button, Card, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { JsonView } from '@/components/ui/json-view';
import { LoadingArea } from '@/components/ui/loading-area';
import { useAsOf, type AsOfRequest } from '../api/get-as-of';
import { useViews } from '../api/get-views';

interface AsOfToolProps {
  position: number | null;
  onPositionChange: (position: number | null) => void;
}

/** Replays one read model up to a log position on the server and shows its documents then. */
export function AsOfTool({ position, onPositionChange }: AsOfToolProps) {
  const views = useViews();
  const [view, setView] = useState<string | null>(null);
  const [request, setRequest] = useState<AsOfRequest | null>(null);
  const result = useAsOf(request);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view && position !== null) setRequest({ view, position });
  };

  return (
    <Card withBorder component="section" aria-label="As of">
      <Stack>
        <Title order={2} size="h4">
          As of
        </Title>
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <Select
              label="View"
              placeholder={views.isError ? 'Views unavailable' : 'Choose a view'}
              data={(views.data?.data ?? []).map((v) => ({ value: v.name, label: `${v.name} (v${v.version})` }))}
              value={view}
              onChange={setView}
              searchable
            />
            <NumberInput
              label="Position"
              min={0}
              allowDecimal={false}
              value={position ?? ''}
              onChange={(value) => onPositionChange(typeof value === 'number' ? value : null)}
            />
            <Button type="submit" disabled={!view || position === null}>
              Show as of
            </Button>
          </Group>
        </form>
        {request && result.isPending && <LoadingArea />}
        {result.isError && <ErrorAlert error={result.error} title="Could not replay the view" />}
        {result.data && (
          <Stack data-testid="as-of-result" gap="sm">
            <Text size="sm">
              <b>{result.data.data.view}</b> as of position <b>{result.data.data.position}</b>
            </Text>
            {Object.entries(result.data.data.collections).map(([collection, documents]) => (
              <Stack key={collection} gap={4}>
                <Group gap="xs">
                  <Text fw={500} ff="monospace">
                    {collection}
                  </Text>
                  <Badge variant="light">
                    {documents.length === 1 ? '1 document' : `${documents.length} documents`}
                  </Badge>
                </Group>
                <JsonView value={documents} label={`Documents of ${collection}`} />
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
