import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { PagePagination, Phone } from '@tocsin/contracts';
import {
  DomainError,
  MAX_PHONES_PER_USER,
  PHONE_MESSAGES,
  PHONES_PER_PAGE,
  phoneStream,
  type PhoneVerificationMethod,
} from '@tocsin/domain';
import { deciders, phoneCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { phonesView, type PhoneDoc } from '@tocsin/read-models';
import { RateLimiter } from '../sessions/rate-limiter';
import type { ChannelRouter } from '@tocsin/platform';
import {
  CHANNELS,
  CLOCK,
  CONFIG,
  EVENT_STORE,
  READ_STORE,
  type AppConfig,
  type Clock,
  type EventStore,
  type ReadStore,
} from '../runtime/ports';
import { TooManyRequests } from '../shared/too-many-requests';
import { currentState, deterministicId } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';
import { verificationMessage } from './phone-messages';
import { parsePhoneNumber } from './phone-number';
import type { AddPhoneDto } from './phones.dto';
import { answeringRefusals, PhoneDeliveryError, wrongCodeAnswer } from './verification-errors';
import { hashPhoneCode, issuePhoneCode } from './verification-secrets';

/** Codes a person may be sent per hour across all their numbers: removing and re-adding a number does not reset it. */
export const PHONE_CODES_PER_USER_PER_HOUR = 20;
const PHONE_CODES_LIMIT = { attempts: PHONE_CODES_PER_USER_PER_HOUR, windowSeconds: 3600 };

const present = (doc: PhoneDoc): Phone => ({
  id: doc._id,
  number: doc.number,
  verification_method: doc.verification_method,
  verified: doc.verified,
  created_at: doc.created_at,
  updated_at: doc.updated_at,
});

/** The caller's own phone numbers (SPEC.md sections 4, 5 and 7): add, verify by code or by consent, resend, remove. */
@Injectable()
export class PhonesService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    @Inject(CHANNELS) private readonly channels: ChannelRouter,
    private readonly commands: Commands,
  ) {}

  async list(
    userId: string,
    page: number,
    perPage = PHONES_PER_PAGE,
    verified?: boolean,
  ): Promise<{ data: Phone[]; pagination: PagePagination }> {
    const { total, docs } = await phonesView.page(this.store, { userId, verified, page, perPage });
    return {
      data: docs.map(present),
      pagination: { page, per_page: perPage, total, total_pages: Math.max(1, Math.ceil(total / perPage)) },
    };
  }

  /** Another person's phone answers 404, exactly like an unknown id. */
  async find(userId: string, phoneId: string): Promise<Phone> {
    const doc = await phonesView.byId(this.store, userId, phoneId);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: PHONE_MESSAGES.notFound });
    return present(doc);
  }

  async add(userId: string, body: AddPhoneDto, context: RequestContext): Promise<Phone> {
    const parsed = parsePhoneNumber(body.number);
    if ('error' in parsed) throw new DomainError(parsed.error, 'invalid', { number: [parsed.error] });
    const { number } = parsed;
    const phones = await phonesView.ofUser(this.store, userId);
    if (phones.some((phone) => phone.number === number))
      throw new DomainError(PHONE_MESSAGES.alreadyAdded, 'conflict', { number: [PHONE_MESSAGES.alreadyAdded] });
    if (phones.length >= MAX_PHONES_PER_USER)
      throw new DomainError(PHONE_MESSAGES.tooManyPhones, 'conflict', { number: [PHONE_MESSAGES.tooManyPhones] });
    const phoneId = deterministicId(`${context.commandId}/phone`);
    if (this.config.SIMPLE_PHONE_VERIFICATION) {
      const method = body.verification_method ?? 'sms';
      await this.commands.run(
        phoneCommand({ type: 'AddConsentedPhone', phoneId, userId, number, method, consent: body.consent }, context),
        phonesView.name,
      );
      return this.find(userId, phoneId);
    }
    if (!body.verification_method)
      throw new DomainError(PHONE_MESSAGES.method, 'invalid', { verification_method: [PHONE_MESSAGES.method] });
    const method = body.verification_method;
    await this.sendCode(userId, number, method, (code) =>
      this.commands.run(
        phoneCommand({ type: 'AddPhone', phoneId, userId, number, method, code }, context),
        phonesView.name,
      ),
    );
    return this.find(userId, phoneId);
  }

  async resend(
    userId: string,
    phoneId: string,
    requested: PhoneVerificationMethod | undefined,
    context: RequestContext,
  ): Promise<Phone> {
    const phone = await phonesView.byId(this.store, userId, phoneId);
    if (!phone) throw new NotFoundException({ error: 'not_found', message: PHONE_MESSAGES.notFound });
    const method = requested ?? phone.verification_method;
    await this.sendCode(userId, phone.number, method, (code) =>
      this.commands.run(
        phoneCommand({ type: 'ResendPhoneCode', phoneId, userId, method, code }, context),
        phonesView.name,
      ),
    );
    return this.find(userId, phoneId);
  }

  /** A wrong code is recorded (it counts towards the 5) and answers 422 with the attempts left. */
  async verify(userId: string, phoneId: string, code: string, context: RequestContext): Promise<Phone> {
    // the current code's salt is read from the phone's stream, not the view, which may not have folded the last
    // resend yet; the stream compares the hash (and refuses another's phone)
    const state = await currentState(this.eventStore, phoneStream(phoneId), deciders.phone);
    const codeHash = hashPhoneCode(state.code?.salt ?? '', code);
    const now = new Date(this.clock.now()).toISOString();
    const { events } = await answeringRefusals(() =>
      this.commands.run(
        phoneCommand({ type: 'VerifyPhone', phoneId, userId, codeHash, now }, context),
        phonesView.name,
      ),
    );
    const failed = events.find((event) => event.type === 'PhoneVerificationFailed');
    if (failed) throw wrongCodeAnswer(failed.data.attempts);
    return this.find(userId, phoneId);
  }

  async remove(userId: string, phoneId: string, context: RequestContext): Promise<void> {
    await this.commands.run(phoneCommand({ type: 'RemovePhone', phoneId, userId }, context), phonesView.name);
  }

  /** Records the code, then delivers it: a failed delivery leaves an unverified number to resend to. */
  private async sendCode(
    userId: string,
    to: string,
    method: PhoneVerificationMethod,
    record: (code: ReturnType<typeof issuePhoneCode>['issued']) => Promise<unknown>,
  ) {
    const key = `phone-codes:${userId}`;
    const { code, issued } = issuePhoneCode(this.clock.now());
    await answeringRefusals(async () => {
      const wait = await this.limiter.consume(key, PHONE_CODES_LIMIT);
      if (wait > 0)
        throw new TooManyRequests(wait, {
          error: 'too_many_requests',
          message: 'Too many codes were sent to your numbers. Try again in an hour.',
        });
      // a code the rules refuse to record was never sent: it does not count
      await record(issued).catch(async (error: unknown) => {
        await this.limiter.refund(key, PHONE_CODES_LIMIT);
        throw error;
      });
      // the phone provider pages use (or the dev mailbox), through the same egress client
      const sent = await this.channels.text(verificationMessage(to, method, code));
      if (!sent.ok) throw new PhoneDeliveryError(sent.answer);
    });
  }
}
