import { Card, Code, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { WEBHOOK_SIGNATURE_HEADER } from '@tocsin/contracts';
import { CopyableValue } from '@/components/ui/copyable-value';
import { catchUpRecipe, DUPLICATES_NOTE, NODE_RECIPE, PYTHON_RECIPE } from '../lib/verification-recipe';

/** How a receiver checks that a delivery is Tocsin's, drops repeats, and catches up after an outage. */
export function VerificationRecipe({ targetId }: { targetId: string }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Verify deliveries
        </Title>
        <Text size="sm">
          Each delivery carries <Code>{WEBHOOK_SIGNATURE_HEADER}: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</Code>: an
          HMAC-SHA256 with the target&apos;s secret over the timestamp, a dot and the body exactly as sent.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Refuse a timestamp more than five minutes away from your clock (a replay).</List.Item>
          <List.Item>During a secret rotation there are two v1= values: accept either.</List.Item>
          <List.Item>{DUPLICATES_NOTE}</List.Item>
        </List>
        <Tabs defaultValue="node">
          <Tabs.List>
            <Tabs.Tab value="node">Node.js</Tabs.Tab>
            <Tabs.Tab value="python">Python</Tabs.Tab>
            <Tabs.Tab value="catch-up">Catching up</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="node" pt="sm">
            <CopyableValue label="Node.js check" value={NODE_RECIPE} block testId="recipe-node" />
          </Tabs.Panel>
          <Tabs.Panel value="python" pt="sm">
            <CopyableValue label="Python check" value={PYTHON_RECIPE} block />
          </Tabs.Panel>
          <Tabs.Panel value="catch-up" pt="sm">
            <Text size="sm" mb="xs">
              After an outage or a pause, ask for every event after the last one you applied, with the secret:
            </Text>
            <CopyableValue label="Events request" value={catchUpRecipe(window.location.origin, targetId)} block />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
