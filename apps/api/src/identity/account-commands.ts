import { Inject, Injectable } from '@nestjs/common';
import {
  decideOrganization, decideSession, decideUser, DomainError, emailStream, evolveOrganization, evolveSession, evolveUser,
  initialOrganization, initialSession, initialUser, organizationStream, sessionStream, userStream,
  type OrganizationCommand, type SessionCommand, type UserCommand,
} from '@tocsin/domain';
import { WrongExpectedRevisionError } from '@tocsin/platform';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { deterministicId, handleCommand } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';

const user = { initial: initialUser, evolve: evolveUser, decide: decideUser };
const organization = { initial: initialOrganization, evolve: evolveOrganization, decide: decideOrganization };
const session = { initial: initialSession, evolve: evolveSession, decide: decideSession };

/** The account aggregates' command path (users, organizations, sessions) and the email reservation. */
@Injectable()
export class AccountCommands {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  private get deps() {
    return { eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock };
  }

  user(command: UserCommand, context: RequestContext) {
    return handleCommand(this.deps, userStream(command.userId), user, command, context);
  }

  organization(command: OrganizationCommand, context: RequestContext) {
    return handleCommand(this.deps, organizationStream(command.organizationId), organization, command, context);
  }

  session(command: SessionCommand, context: RequestContext) {
    return handleCommand(this.deps, sessionStream(command.sessionKey), session, command, context);
  }

  /** One stream per address, created with "no stream": the log itself guarantees an email is taken once. */
  async reserveEmail(email: string, userId: string, context: RequestContext): Promise<void> {
    const normalized = email.trim().toLowerCase();
    const metadata = {
      orgId: null, actorId: context.actorId, commandId: context.commandId, correlationId: context.correlationId,
      causationId: context.commandId, occurredAt: new Date(this.runtime.clock.now()).toISOString(), schemaVersion: 1,
    };
    try {
      await this.runtime.infra.eventStore.append(
        emailStream(normalized),
        [{ id: deterministicId(`${context.commandId}/email`), type: 'EmailReserved', data: { email: normalized, userId }, metadata }],
        'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new DomainError('Email has already been taken', 'conflict', { email: ['has already been taken'] });
      throw error;
    }
  }
}
