import { Table } from '@mantine/core';
import type { HealthResponse } from '@tocsin/contracts';
import { HealthBadge, verdictOf } from './health-badge';

const NAMES: Record<keyof HealthResponse['components'], string> = {
  event_store: 'Event store',
  read_store: 'Read store',
  redis: 'Redis',
};

export function HealthComponents({ components }: { components: HealthResponse['components'] }) {
  const keys = Object.keys(NAMES) as Array<keyof typeof NAMES>;
  return (
    <Table aria-label="Health components" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Component</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Message</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => (
          <Table.Tr key={key} data-testid={`component-${key}`}>
            <Table.Td>{NAMES[key]}</Table.Td>
            <Table.Td>
              <HealthBadge verdict={verdictOf(components[key].healthy)} />
            </Table.Td>
            <Table.Td>{components[key].message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
