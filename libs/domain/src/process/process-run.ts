import { DomainError } from '../shared/event';

/**
 * One run of a process manager: a change that must touch several streams (a sign-up reserves an address,
 * creates a user and an organization) recorded step by step in a stream of its own, `{kind}-{runId}`.
 * `ProcessStarted` holds every input the steps need (so a run resumed after a crash does exactly what the
 * first attempt would have), each finished step is a `ProcessStepDone`, and a run ends `ProcessCompleted`,
 * or `ProcessCompensated` when a step was refused and what the earlier steps did was undone.
 */
export type ProcessStarted = { type: 'ProcessStarted'; data: { kind: string; runId: string; input: unknown } };
export type ProcessStepDone = { type: 'ProcessStepDone'; data: { runId: string; step: string } };
export type ProcessCompleted = { type: 'ProcessCompleted'; data: { runId: string } };
/** `reason` is the refusal's message, as the person was told it. */
export type ProcessCompensated = { type: 'ProcessCompensated'; data: { runId: string; step: string; reason: string } };
export type ProcessEvent = ProcessStarted | ProcessStepDone | ProcessCompleted | ProcessCompensated;

/** The events that open and close a run: what a start-up sweep reads to find runs a crash left open. */
export const PROCESS_LIFECYCLE_EVENTS = ['ProcessStarted', 'ProcessCompleted', 'ProcessCompensated'] as const;

export const processStream = (kind: string, runId: string) => `${kind}-${runId}`;

export interface ProcessRunState {
  status: 'none' | 'running' | 'completed' | 'compensated';
  kind: string;
  input: unknown;
  done: string[];
  /** Why the run was compensated (the refusal's message). */
  reason: string | null;
}

export type ProcessCommand =
  | { type: 'StartProcess'; kind: string; runId: string; input: unknown }
  | { type: 'RecordStepDone'; runId: string; step: string }
  | { type: 'CompleteProcess'; runId: string }
  | { type: 'CompensateProcess'; runId: string; step: string; reason: string };

export const initialProcessRun = (): ProcessRunState => ({
  status: 'none',
  kind: '',
  input: null,
  done: [],
  reason: null,
});

export function evolveProcessRun(state: ProcessRunState, event: ProcessEvent): ProcessRunState {
  switch (event.type) {
    case 'ProcessStarted':
      return { ...state, status: 'running', kind: event.data.kind, input: event.data.input };
    case 'ProcessStepDone':
      return { ...state, done: [...state.done, event.data.step] };
    case 'ProcessCompleted':
      return { ...state, status: 'completed' };
    case 'ProcessCompensated':
      return { ...state, status: 'compensated', reason: event.data.reason };
  }
}

/** Recording a step twice, or ending a run twice, is "nothing happened": a resumed run may repeat itself. */
export function decideProcessRun(command: ProcessCommand, state: ProcessRunState): ProcessEvent[] {
  if (command.type === 'StartProcess') {
    if (state.status !== 'none') throw new DomainError('This process has already started', 'conflict');
    return [{ type: 'ProcessStarted', data: { kind: command.kind, runId: command.runId, input: command.input } }];
  }
  if (state.status === 'none') throw new DomainError('This process has not started', 'not_found');
  const ended = state.status !== 'running';
  switch (command.type) {
    case 'RecordStepDone':
      return ended || state.done.includes(command.step)
        ? []
        : [{ type: 'ProcessStepDone', data: { runId: command.runId, step: command.step } }];
    case 'CompleteProcess':
      return ended ? [] : [{ type: 'ProcessCompleted', data: { runId: command.runId } }];
    case 'CompensateProcess': {
      if (ended) return [];
      const { runId, step, reason } = command;
      return [{ type: 'ProcessCompensated', data: { runId, step, reason } }];
    }
  }
}
