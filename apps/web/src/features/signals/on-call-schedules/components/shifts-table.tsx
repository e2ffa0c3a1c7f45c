import { Badge, Box, Table, Text } from '@mantine/core';
import type { FinalShiftWire } from '@tocsin/contracts';
import { lengthChangeText, lengthText, shortTime } from '../lib/schedule-time';
import { reasonText, whoText } from '../lib/schedule-tracks';

/** The final line as rows: the calendar's text alternative, with what a clock change did to a shift. */
export function ShiftsTable({
  caption,
  final,
  zone,
  names,
}: {
  caption: string;
  final: FinalShiftWire[];
  zone: string;
  names: Map<string, string>;
}) {
  return (
    // focusable, so a keyboard can scroll it where the screen is narrow
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      <Table striped miw={560} data-testid="shifts-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">From</Table.Th>
            <Table.Th scope="col">To</Table.Th>
            <Table.Th scope="col">On call</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
            <Table.Th scope="col">Length</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {final.map((shift) => {
            const change = lengthChangeText(shift.length_change_minutes);
            const gap = shift.users.length === 0;
            return (
              <Table.Tr key={shift.start} data-testid={gap ? 'gap-row' : 'shift-row'}>
                <Table.Td>{shortTime(zone, shift.start)}</Table.Td>
                <Table.Td>{shortTime(zone, shift.end)}</Table.Td>
                <Table.Td>
                  {gap ? (
                    <Badge color="red" variant="light" tt="none">
                      Nobody on call
                    </Badge>
                  ) : (
                    whoText(shift, names)
                  )}
                </Table.Td>
                <Table.Td>{gap ? '' : reasonText(shift)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{lengthText(shift.start, shift.end)}</Text>
                  {change && (
                    <Text size="xs" fw={600} data-testid="length-change">
                      {change}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
