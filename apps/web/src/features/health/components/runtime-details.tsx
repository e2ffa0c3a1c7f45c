import { Card, SimpleGrid, Table, Title } from '@mantine/core';
import type { HealthResponse } from '@tocsin/contracts';

function KeyValues({ label, values }: { label: string; values: Record<string, string> }) {
  return (
    <Card withBorder>
      <Title order={3} size="h5" mb="xs">
        {label}
      </Title>
      <Table aria-label={label}>
        <Table.Tbody>
          {Object.entries(values).map(([key, value]) => (
            <Table.Tr key={key} data-testid={`${label.toLowerCase()}-${key}`}>
              <Table.Th w="40%">{key}</Table.Th>
              <Table.Td ff="monospace">{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Which adapter serves each port and what is running: what an operator checks first. */
export function RuntimeDetails({ health }: { health: HealthResponse }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <KeyValues label="Adapters" values={health.adapters} />
      {/* only Tocsin operators are told the versions */}
      {health.version && <KeyValues label="Versions" values={health.version} />}
    </SimpleGrid>
  );
}
