import { Inject, Injectable } from '@nestjs/common';
import {
  alternativeEmailStream, decideAlternativeEmail, decidePhone, evolveAlternativeEmail, evolvePhone, initialAlternativeEmail, initialPhone, phoneStream,
  type AlternativeEmailCommand, type AlternativeEmailEvent, type PhoneCommand, type PhoneEvent, type PhoneState,
} from '@tocsin/domain';
import { alternativeEmailsProjection, phonesProjection } from '@tocsin/projector';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { handleCommand } from '../shared/event-sourced';
import { ProjectionProgress } from '../shared/projection-progress';
import type { RequestContext } from '../shared/request-context';

const phoneDecider = { initial: initialPhone, evolve: evolvePhone, decide: decidePhone };
const emailDecider = { initial: initialAlternativeEmail, evolve: evolveAlternativeEmail, decide: decideAlternativeEmail };

/**
 * Phones and alternative emails belong to the person, not to the organization of the session: their
 * events carry no organization, so numbers and addresses never show in an organization's history.
 * Each command returns once its view shows it (read-your-writes).
 */
@Injectable()
export class PersonalCommands {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly progress: ProjectionProgress,
  ) {}

  private get deps() {
    return { eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock };
  }

  async phone(command: PhoneCommand, context: RequestContext): Promise<PhoneEvent[]> {
    const { position, events } = await handleCommand(this.deps, phoneStream(command.phoneId), phoneDecider, command, { ...context, orgId: '' });
    await this.progress.waitFor(phonesProjection.name, position);
    return events;
  }

  /** The phone as its stream knows it: the handler needs the current code's salt to hash an entered code. */
  async phoneState(phoneId: string): Promise<PhoneState> {
    const history = await this.runtime.infra.eventStore.readStream(phoneStream(phoneId));
    return history.reduce((state, e) => evolvePhone(state, { type: e.type, data: e.data } as PhoneEvent), initialPhone());
  }

  async alternativeEmail(command: AlternativeEmailCommand, context: RequestContext): Promise<AlternativeEmailEvent[]> {
    const stream = alternativeEmailStream(command.alternativeEmailId);
    const { position, events } = await handleCommand(this.deps, stream, emailDecider, command, { ...context, orgId: '' });
    await this.progress.waitFor(alternativeEmailsProjection.name, position);
    return events;
  }
}
