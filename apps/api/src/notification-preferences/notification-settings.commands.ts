import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  decideNotificationSettings,
  evolveNotificationSettings,
  initialNotificationSettings,
  notificationSettingsStream,
  type NotificationSettingCommand,
} from '@tocsin/domain';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { handleCommand } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';

/** A change to one user's notification settings; the stream is the user's own. */
export class NotificationSettingsCommandMessage {
  constructor(
    readonly userId: string,
    readonly command: NotificationSettingCommand,
    readonly context: RequestContext,
  ) {}
}

const decider = { initial: initialNotificationSettings, evolve: evolveNotificationSettings, decide: decideNotificationSettings };

@CommandHandler(NotificationSettingsCommandMessage)
export class NotificationSettingsCommandHandler implements ICommandHandler<NotificationSettingsCommandMessage> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ userId, command, context }: NotificationSettingsCommandMessage) {
    const deps = { eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock };
    return handleCommand(deps, notificationSettingsStream(userId), decider, command, context);
  }
}
