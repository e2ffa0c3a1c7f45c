import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideOnboarding, evolveOnboarding, initialOnboarding, onboardingStream, type OnboardingCommand } from '@tocsin/domain';
import { onboardingProjection } from '@tocsin/projector';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { handleCommand, type DistributiveOmit } from '../shared/event-sourced';
import { ProjectionProgress } from '../shared/projection-progress';
import type { RequestContext } from '../shared/request-context';

export class OnboardingCommandMessage {
  constructor(
    readonly command: OnboardingCommand,
    readonly context: RequestContext,
  ) {}
}

const decider = { initial: initialOnboarding, evolve: evolveOnboarding, decide: decideOnboarding };

@CommandHandler(OnboardingCommandMessage)
export class OnboardingCommandHandler implements ICommandHandler<OnboardingCommandMessage> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ command, context }: OnboardingCommandMessage) {
    const deps = { eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock };
    return handleCommand(deps, onboardingStream(command.organizationId), decider, command, context);
  }
}

/** Runs an onboarding command in the caller's organization (never one the client names) and waits for the view. */
@Injectable()
export class OnboardingCommands {
  constructor(
    private readonly bus: CommandBus,
    private readonly progress: ProjectionProgress,
  ) {}

  async run(command: DistributiveOmit<OnboardingCommand, 'organizationId'>, context: RequestContext): Promise<void> {
    const full = { ...command, organizationId: context.orgId } as OnboardingCommand;
    const outcome = await this.bus.execute<OnboardingCommandMessage, { position: number | null }>(new OnboardingCommandMessage(full, context));
    await this.progress.waitFor(onboardingProjection.name, outcome.position);
  }
}
