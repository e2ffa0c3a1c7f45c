import { Alert, List } from '@mantine/core';
import { ApiError } from '@/lib/api-client';

/** Shows an API error's message and, when the server named them, the offending fields. */
export function ErrorAlert({ error, title = 'Something went wrong' }: { error: unknown; title?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
  return (
    <Alert color="red" title={title} role="alert">
      {message}
      {fields.length > 0 && (
        <List size="sm" mt="xs">
          {fields.map(([field, problems]) => (
            <List.Item key={field}>
              {field}: {[problems].flat().join(', ')}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
