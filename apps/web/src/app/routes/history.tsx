import { Grid, Stack, Title } from '@mantine/core';
import type { HistoryEvent } from '@tocsin/contracts';
import { useState } from 'react';
import { AsOfTool } from '@/features/history/components/as-of-tool';
import { EventDrawer } from '@/features/history/components/event-drawer';
import { HistoryBrowser } from '@/features/history/components/history-browser';

export function HistoryRoute() {
  const [selected, setSelected] = useState<HistoryEvent | null>(null);
  const [asOfPosition, setAsOfPosition] = useState<number | null>(null);
  const select = (event: HistoryEvent) => {
    setSelected(event);
    setAsOfPosition(event.position);
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        History
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <HistoryBrowser onSelect={select} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <AsOfTool position={asOfPosition} onPositionChange={setAsOfPosition} />
        </Grid.Col>
      </Grid>
      <EventDrawer
        event={selected}
        onClose={() => setSelected(null)}
        onAsOf={(position) => {
          setAsOfPosition(position);
          setSelected(null);
        }}
      />
    </Stack>
  );
}
