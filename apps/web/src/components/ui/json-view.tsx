import { Code } from '@mantine/core';

export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <Code block aria-label={label} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}
