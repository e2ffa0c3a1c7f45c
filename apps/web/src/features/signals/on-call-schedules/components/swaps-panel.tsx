import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { OnCallSchedule } from '@tocsin/contracts';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useAnswerShiftSwap } from '../api/answer-shift-swap';
import { useAskShiftSwap } from '../api/ask-shift-swap';
import { useMyShifts } from '../api/get-my-shifts';
import { shortTime } from '../lib/schedule-time';

/**
 * Swaps: a member asks for one of their shifts to be covered; another member takes it and it becomes an
 * override (the request and the answer are in the schedule's log).
 */
export function SwapsPanel({
  schedule,
  myId,
  canManage,
  names,
}: {
  schedule: OnCallSchedule;
  myId: string;
  canManage: boolean;
  names: Map<string, string>;
}) {
  const zone = schedule.time_zone;
  const myShifts = useMyShifts();
  const ask = useAskShiftSwap(schedule.team_id, schedule.id);
  const answer = useAnswerShiftSwap(schedule.team_id, schedule.id);
  const [shift, setShift] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const mine = (myShifts.data ?? []).filter((s) => s.schedule_id === schedule.id);
  const asked = new Set(schedule.swaps.filter((s) => s.status === 'open').map((s) => `${s.start}|${s.end}`));
  const options = mine
    .filter((s) => !asked.has(`${s.start}|${s.end}`))
    .map((s) => ({ value: `${s.start}|${s.end}`, label: `${shortTime(zone, s.start)} to ${shortTime(zone, s.end)}` }));
  const now = new Date().toISOString();
  const swaps = schedule.swaps.filter((s) => s.status !== 'cancelled' && s.end > now);
  const name = (id: string | null) => (id ? (names.get(id) ?? 'A removed member') : 'nobody');

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Swaps
      </Title>
      {ask.error != null && <ErrorAlert error={ask.error} title="Could not ask for cover" />}
      {answer.error != null && <ErrorAlert error={answer.error} title="Could not answer the request" />}
      {options.length > 0 ? (
        <Group align="flex-end" wrap="wrap">
          <Select
            label="One of my shifts"
            placeholder="Choose a shift"
            data={options}
            value={shift}
            onChange={setShift}
            w={{ base: '100%', sm: 340 }}
          />
          <TextInput
            label="Note (optional)"
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
          />
          <Button
            disabled={shift === null}
            loading={ask.isPending}
            onClick={() => {
              if (!shift) return;
              const [start, end] = shift.split('|');
              ask.mutate({ start, end, note }, { onSuccess: () => (setShift(null), setNote('')) });
            }}
          >
            Ask for cover
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          You have no shifts on this schedule to ask cover for.
        </Text>
      )}
      {swaps.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="swaps-empty">
          No open requests.
        </Text>
      ) : (
        swaps.map((swap) => (
          <Card key={swap.id} withBorder padding="sm" data-testid="swap-row">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Text size="sm">
                  {swap.requester_id === myId ? 'You ask' : `${name(swap.requester_id)} asks`} for cover from{' '}
                  {shortTime(zone, swap.start)} to {shortTime(zone, swap.end)}
                </Text>
                {swap.note && (
                  <Text size="sm" c="dimmed">
                    “{swap.note}”
                  </Text>
                )}
              </Stack>
              {swap.status === 'taken' ? (
                <Badge color="teal" variant="light" tt="none">
                  Covered by {swap.taker_id === myId ? 'you' : name(swap.taker_id)}
                </Badge>
              ) : (
                <Group gap="xs">
                  {swap.requester_id !== myId && (
                    <Button
                      size="compact-sm"
                      loading={answer.isPending}
                      onClick={() => answer.mutate({ swapId: swap.id, action: 'take' })}
                    >
                      Take this shift
                    </Button>
                  )}
                  {(swap.requester_id === myId || canManage) && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => answer.mutate({ swapId: swap.id, action: 'cancel' })}
                    >
                      Withdraw
                    </Button>
                  )}
                </Group>
              )}
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
