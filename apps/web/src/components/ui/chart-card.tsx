import { Card, Group, SegmentedControl, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

export interface ChartTable {
  columns: string[];
  rows: Array<{ key: string; cells: Array<string | number> }>;
}

/**
 * One chart with its table view: the chart for the eye (hidden from screen readers, which get the summary and
 * the table instead), the table a switch away, for anyone who reads figures better than bars. The alert charts and
 * the ops charts draw with it.
 */
export function ChartCard(props: {
  title: string;
  /** One sentence saying what the chart shows (read out in place of the drawing). */
  summary: string;
  table: ChartTable;
  children: ReactNode;
  testId: string;
  /** The drawing's height in px (260 by default). */
  height?: number;
  /** A line under the title (what the figure is about, e.g. whose it is). */
  subtitle?: string;
  /** The title's heading level: 2 on a page of charts, 3 in a panel of them. */
  headingOrder?: 2 | 3;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  return (
    <Card withBorder padding="md" data-testid={props.testId} aria-labelledby={headingId} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={props.headingOrder ?? 2} size="h4" id={headingId}>
              {props.title}
            </Title>
            {props.subtitle && (
              <Text size="xs" c="dimmed">
                {props.subtitle}
              </Text>
            )}
          </Stack>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => setView(value as 'chart' | 'table')}
            data={[
              { value: 'chart', label: 'Chart' },
              { value: 'table', label: 'Table' },
            ]}
            aria-label={`${props.title}: show as`}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {props.summary}
        </Text>
        {view === 'chart' ? (
          <div aria-hidden="true" style={{ width: '100%', height: props.height ?? 260 }}>
            {props.children}
          </div>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped withTableBorder>
              <VisuallyHidden component="caption">{props.title}</VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  {props.table.columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.table.rows.map((row) => (
                  <Table.Tr key={row.key}>
                    {row.cells.map((cell, i) => (
                      <Table.Td key={i}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
