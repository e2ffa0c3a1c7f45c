import { Injectable } from '@nestjs/common';
import type { OnboardingCommand } from '@tocsin/domain';
import { onboardingCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import type { DistributiveOmit } from '../shared/event-sourced';
import { onboardingView } from '@tocsin/read-models';
import type { RequestContext } from '../shared/request-context';

/** Runs an onboarding command in the caller's organization (never one the client names) and waits for the view. */
@Injectable()
export class OnboardingCommands {
  constructor(private readonly commands: Commands) {}

  async run(command: DistributiveOmit<OnboardingCommand, 'organizationId'>, context: RequestContext): Promise<void> {
    await this.commands.run(onboardingCommand(command, context), onboardingView.name);
  }
}
