import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  decideNotificationPolicyItem,
  evolveNotificationPolicyItem,
  initialNotificationPolicyItem,
  notificationPolicyItemStream,
  type NotificationPolicyCommand,
} from '@tocsin/domain';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { handleCommand } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';

/** One command class carries any of the policy's commands; the decider tells them apart. */
export class NotificationPolicyCommandMessage {
  constructor(
    readonly command: NotificationPolicyCommand,
    readonly context: RequestContext,
  ) {}
}

const decider = { initial: initialNotificationPolicyItem, evolve: evolveNotificationPolicyItem, decide: decideNotificationPolicyItem };

@CommandHandler(NotificationPolicyCommandMessage)
export class NotificationPolicyCommandHandler implements ICommandHandler<NotificationPolicyCommandMessage> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ command, context }: NotificationPolicyCommandMessage) {
    const deps = { eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock };
    return handleCommand(deps, notificationPolicyItemStream(command.id), decider, command, context);
  }
}
