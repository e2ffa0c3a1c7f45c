import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  PROCESS_LIFECYCLE_EVENTS,
  processStream,
  type ProcessCommand,
  type ProcessRunState,
} from '@tocsin/domain';
import { deciders, processRunCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { CONFIG, EVENT_STORE, LOGGER, type AppConfig, type EventStore, type Logger } from '../runtime/ports';
import { currentState, deterministicId } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';
import { crashPointReached } from './crash-point';

const SWEEP_PAGE = 1000;

/** One step's command context: its command id derives from the run and the step, so running it twice is harmless. */
export type StepContext = RequestContext;

export interface ProcessOutcome<Input> {
  input: Input;
  position: number | null;
}

/**
 * A change over several streams, as a list of steps run in order. Every input a step needs is in `Input`,
 * recorded when the run starts; a step must be idempotent under its context's command id (the command
 * handler skips a command id its stream already holds). `compensate` undoes what the steps in `done` did when a
 * later step is refused, so the person can start again.
 */
export interface ProcessDefinition<Input> {
  kind: string;
  steps: ReadonlyArray<{ name: string; run: (input: Input, context: StepContext) => Promise<unknown> }>;
  compensate: (input: Input, done: readonly string[], context: StepContext) => Promise<void>;
  /** Who the run acts as, for the events it records. */
  contextOf: (input: Input) => { orgId: string; actorId: string | null };
}

/**
 * Drives process runs (ARCHITECTURE.md, "The flow of one change"): each run has its own stream where every
 * step is an event, and at start-up the runs a crash left open are resumed from their last recorded step.
 * A step refused (a DomainError: someone took the address meanwhile) compensates the earlier steps and ends
 * the run; any other failure (the log unreachable) leaves it open for the next start to finish.
 */
@Injectable()
export class ProcessManager {
  private readonly definitions = new Map<string, ProcessDefinition<never>>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly commands: Commands,
  ) {}

  /** Each flow registers itself when it is built, before the start-up sweep runs. */
  define<Input>(definition: ProcessDefinition<Input>): void {
    this.definitions.set(definition.kind, definition as unknown as ProcessDefinition<never>);
  }

  /**
   * Starts the run `runId` of `kind` with `input` and drives it to its end; a run already started (a
   * concurrent or repeated request) is driven with the input it recorded first, which is what it answers,
   * with the log position of the run's end (everything the steps wrote is at or before it: read-your-writes).
   */
  async run<Input>(kind: string, runId: string, input: Input): Promise<ProcessOutcome<Input>> {
    const definition = this.definition<Input>(kind);
    const stream = processStream(kind, runId);
    await this.record(stream, { type: 'StartProcess', kind, runId, input }, definition.contextOf(input), 'started');
    return this.drive(definition, runId);
  }

  /** The state of a run, as its stream tells it. */
  async state(kind: string, runId: string): Promise<ProcessRunState> {
    return currentState(this.eventStore, processStream(kind, runId), deciders.processRun);
  }

  /** At start-up (ProcessesModule), once the command handler is registered: finishes the runs a stop left open. */
  async finishOpenRuns(): Promise<void> {
    if (this.definitions.size === 0) return;
    const open = await this.openRuns();
    for (const { kind, runId } of open) {
      const definition = this.definitions.get(kind);
      if (!definition) continue;
      try {
        await this.drive(definition, runId);
        this.logger.info({ kind, runId }, 'process: finished a run a stop had left open');
      } catch (error) {
        // refused steps were compensated; anything else is tried again at the next start
        this.logger.warn({ err: error, kind, runId }, 'process: a run left open could not be finished');
      }
    }
  }

  /** Runs started and not ended, read from the lifecycle events of the log (not from a view that may lag). */
  private async openRuns(): Promise<Array<{ kind: string; runId: string }>> {
    const open = new Map<string, { kind: string; runId: string }>();
    for (let after: number | null = null; ;) {
      const page = await this.eventStore.readAll({
        after,
        maxCount: SWEEP_PAGE,
        filter: { eventTypes: [...PROCESS_LIFECYCLE_EVENTS] },
      });
      for (const event of page) {
        if (event.type === 'ProcessStarted') {
          const { kind, runId } = event.data as { kind: string; runId: string };
          open.set(event.stream, { kind, runId });
        } else {
          open.delete(event.stream);
        }
      }
      if (page.length < SWEEP_PAGE) return [...open.values()];
      after = page[page.length - 1].position;
    }
  }

  private definition<Input>(kind: string): ProcessDefinition<Input> {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`No process is defined for ${kind}`);
    return definition as unknown as ProcessDefinition<Input>;
  }

  private async drive<Input>(definition: ProcessDefinition<Input>, runId: string): Promise<ProcessOutcome<Input>> {
    const { kind } = definition;
    const stream = processStream(kind, runId);
    const state = await this.state(kind, runId);
    const input = state.input as Input;
    const actor = definition.contextOf(input);
    if (state.status === 'compensated')
      throw new DomainError(state.reason ?? 'This could not be completed. Start again.', 'conflict');
    if (state.status === 'completed') return this.outcome(stream, input);
    const done = [...state.done];
    for (const step of definition.steps) {
      if (done.includes(step.name)) continue;
      try {
        await step.run(input, this.stepContext(stream, actor, step.name));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await definition.compensate(input, done, this.stepContext(stream, actor, `compensate/${step.name}`));
        await this.record(
          stream,
          { type: 'CompensateProcess', runId, step: step.name, reason: error.message },
          actor,
          'compensated',
        );
        throw error;
      }
      await this.record(stream, { type: 'RecordStepDone', runId, step: step.name }, actor, `done/${step.name}`);
      done.push(step.name);
      crashPointReached(this.config.NODE_ENV, `${kind}:${step.name}`);
    }
    await this.record(stream, { type: 'CompleteProcess', runId }, actor, 'completed');
    return this.outcome(stream, input);
  }

  private async outcome<Input>(stream: string, input: Input): Promise<ProcessOutcome<Input>> {
    const last = (await this.eventStore.readStream(stream)).at(-1);
    return { input, position: last?.position ?? null };
  }

  private stepContext(stream: string, actor: { orgId: string; actorId: string | null }, step: string): StepContext {
    const commandId = deterministicId(`${stream}/${step}`);
    return { ...actor, role: null, commandId, correlationId: deterministicId(stream) };
  }

  private async record(
    stream: string,
    command: ProcessCommand,
    actor: { orgId: string; actorId: string | null },
    label: string,
  ): Promise<void> {
    // the run's own events stay out of every organization's history: orgId '' (they hold a password hash)
    await this.commands.run(processRunCommand(stream, command, this.stepContext(stream, actor, `process/${label}`)));
  }
}
