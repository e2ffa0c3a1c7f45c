import { Tabs } from '@mantine/core';
import { CopyableValue } from '@/components/ui/copyable-value';

/** Ready-to-paste snippets (an ingest call, a ping), one tab each, each copyable; `kind` names them for the copy button. */
export function SnippetTabs({
  snippets,
  kind,
}: {
  snippets: ReadonlyArray<{ id: string; title: string; code: string }>;
  kind: string;
}) {
  if (snippets.length === 0) return null;
  return (
    <Tabs defaultValue={snippets[0]!.id}>
      <Tabs.List>
        {snippets.map((snippet) => (
          <Tabs.Tab key={snippet.id} value={snippet.id}>
            {snippet.title}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {snippets.map((snippet) => (
        <Tabs.Panel key={snippet.id} value={snippet.id} pt="sm">
          <CopyableValue
            label={`${snippet.title} ${kind}`}
            value={snippet.code}
            block
            testId={`snippet-${snippet.id}`}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
