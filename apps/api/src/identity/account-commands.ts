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

const emailTaken = () => new DomainError('Email has already been taken', 'conflict', { email: ['has already been taken'] });

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

  /**
   * One stream per address: the log itself guarantees an email is taken by one user at a time. A new
   * address is created with "no stream"; one released by its previous owner is appended at its revision.
   * Reserving an address the same user already holds changes nothing (user ids are never reused).
   */
  async reserveEmail(email: string, userId: string, context: RequestContext): Promise<void> {
    const normalized = email.trim().toLowerCase();
    const stream = emailStream(normalized);
    const last = (await this.runtime.infra.eventStore.readStream(stream)).at(-1);
    // already this user's: a resumed process repeating its step
    if (last?.type === 'EmailReserved' && (last.data as { userId: string }).userId === userId) return;
    if (last?.type === 'EmailReserved') throw emailTaken();
    try {
      await this.runtime.infra.eventStore.append(
        stream,
        [{ id: deterministicId(`${context.commandId}/email`), type: 'EmailReserved', data: { email: normalized, userId }, metadata: this.metadata(context) }],
        last ? last.revision : 'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw emailTaken();
      throw error;
    }
  }

  /** The user holding the address's reservation, or null when it is free: checked before a multi-step change writes anything. */
  async emailHolder(email: string): Promise<string | null> {
    const last = (await this.runtime.infra.eventStore.readStream(emailStream(email.trim().toLowerCase()))).at(-1);
    return last?.type === 'EmailReserved' ? (last.data as { userId: string }).userId : null;
  }

  /** Frees an address its user no longer signs in with; nothing when another user holds it. */
  async releaseEmail(email: string, userId: string, context: RequestContext): Promise<void> {
    const normalized = email.trim().toLowerCase();
    const stream = emailStream(normalized);
    const last = (await this.runtime.infra.eventStore.readStream(stream)).at(-1);
    if (last?.type !== 'EmailReserved' || (last.data as { userId: string }).userId !== userId) return;
    await this.runtime.infra.eventStore.append(
      stream,
      [{ id: deterministicId(`${context.commandId}/email-released/${normalized}`), type: 'EmailReleased', data: { email: normalized, userId }, metadata: this.metadata(context) }],
      last.revision,
    );
  }

  private metadata(context: RequestContext) {
    return {
      orgId: null, actorId: context.actorId, commandId: context.commandId, correlationId: context.correlationId,
      causationId: context.commandId, occurredAt: new Date(this.runtime.clock.now()).toISOString(), schemaVersion: 1,
    };
  }
}
