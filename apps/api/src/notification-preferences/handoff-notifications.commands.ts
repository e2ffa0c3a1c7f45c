import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  decideHandoffNotifications,
  evolveHandoffNotifications,
  handoffNotificationsStream,
  initialHandoffNotifications,
  type HandoffNotificationCommand,
} from '@tocsin/domain';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { handleCommand } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';

/** A change to one user's handoff reminders; the stream is the user's own. */
export class HandoffNotificationsCommandMessage {
  constructor(
    readonly userId: string,
    readonly command: HandoffNotificationCommand,
    readonly context: RequestContext,
  ) {}
}

const decider = { initial: initialHandoffNotifications, evolve: evolveHandoffNotifications, decide: decideHandoffNotifications };

@CommandHandler(HandoffNotificationsCommandMessage)
export class HandoffNotificationsCommandHandler implements ICommandHandler<HandoffNotificationsCommandMessage> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ userId, command, context }: HandoffNotificationsCommandMessage) {
    const deps = { eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock };
    return handleCommand(deps, handoffNotificationsStream(userId), decider, command, context);
  }
}
