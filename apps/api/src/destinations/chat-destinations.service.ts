import { HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ChatDestination } from '@tocsin/contracts';
import {
  CHAT_DESTINATION_MESSAGES as MESSAGES,
  chatDestinationStream,
  DomainError,
  maskWebhookUrl,
  MAX_CHAT_DESTINATIONS_PER_USER,
  NOTIFICATION_TYPE_LABELS,
  PHONE_CODE_TTL_MS,
  webhookUrlProblem,
  type ChatDestinationKind,
  type IssuedPhoneCode,
} from '@tocsin/domain';
import type { ChannelRouter, DeliveryResult } from '@tocsin/platform';
import { chatDestinationsView, type ChatDestinationDoc } from '@tocsin/read-models';
import { chatDestinationCommand, deciders } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { answeringRefusals, wrongCodeAnswer } from '../phones/verification-errors';
import { hashPhoneCode, issuePhoneCode } from '../phones/verification-secrets';
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
import { RateLimiter } from '../sessions/rate-limiter';
import { SecretBox } from '../signals/event-sources/secret-box';
import { currentState, deterministicId } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';
import { TooManyRequests } from '../shared/too-many-requests';
import type { AddChatDestinationDto } from './destinations.dto';

/** Codes a person may be sent per hour across their chat destinations: removing and adding again does not reset it. */
const CODES_PER_USER = { attempts: 20, windowSeconds: 3600 };

const present = (doc: ChatDestinationDoc): ChatDestination => ({
  id: doc._id,
  type: doc.kind,
  name: doc.name,
  url_hint: doc.url_hint,
  verified: doc.verified,
  created_at: doc.created_at,
  updated_at: doc.updated_at,
});

const invalidUrl = (message: string) => new DomainError(message, 'invalid', { url: [message] });

/**
 * The caller's own Slack and Teams incoming webhooks: added once the webhook took a message carrying a code
 * (a URL that cannot be reached, or that the chat refuses, is not kept), verified by typing the code back.
 */
@Injectable()
export class ChatDestinationsService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CHANNELS) private readonly channels: ChannelRouter,
    private readonly limiter: RateLimiter,
    private readonly box: SecretBox,
    private readonly commands: Commands,
  ) {}

  async list(userId: string): Promise<ChatDestination[]> {
    return (await chatDestinationsView.ofUser(this.store, userId)).map(present);
  }

  /** Another person's destination answers 404, exactly like an unknown id. */
  async find(userId: string, id: string): Promise<ChatDestination> {
    return present(await this.doc(userId, id));
  }

  async add(userId: string, body: AddChatDestinationDto, context: RequestContext): Promise<ChatDestination> {
    const problem = webhookUrlProblem(body.url, this.config.NODE_ENV === 'production');
    if (problem) throw invalidUrl(problem);
    const digest = this.box.digest(body.url);
    const mine = await chatDestinationsView.ofUser(this.store, userId);
    if (mine.some((doc) => doc.urlDigest === digest))
      throw new DomainError(MESSAGES.alreadyAdded, 'conflict', { url: [MESSAGES.alreadyAdded] });
    if (mine.length >= MAX_CHAT_DESTINATIONS_PER_USER)
      throw new DomainError(MESSAGES.tooMany, 'conflict', { url: [MESSAGES.tooMany] });
    const destinationId = deterministicId(`${context.commandId}/chat-destination`);
    const url = { sealed: this.box.seal(body.url), digest, hint: maskWebhookUrl(body.url) };
    // the code goes out first: a webhook that refuses it (or may not be called) is not kept
    await this.sendCode(userId, body.type, body.url, destinationId, 'add', (code) =>
      this.commands.run(
        chatDestinationCommand(
          { type: 'AddChatDestination', destinationId, userId, kind: body.type, name: body.name, url, code },
          context,
        ),
        chatDestinationsView.name,
      ),
    );
    return this.find(userId, destinationId);
  }

  async resend(userId: string, id: string, context: RequestContext): Promise<ChatDestination> {
    const doc = await this.doc(userId, id);
    if (doc.verified) throw new DomainError(MESSAGES.alreadyVerified, 'conflict');
    const url = this.box.open(doc.sealedUrl);
    if (url === null) throw invalidUrl('The webhook URL can no longer be read (the server key changed): add it again');
    await this.sendCode(userId, doc.kind, url, id, 'resend', (code) =>
      this.commands.run(
        chatDestinationCommand({ type: 'ResendChatDestinationCode', destinationId: id, userId, code }, context),
        chatDestinationsView.name,
      ),
    );
    return this.find(userId, id);
  }

  /** A wrong code is recorded (it counts towards the 5) and answers 422 with the attempts left, as a phone's. */
  async verify(userId: string, id: string, code: string, context: RequestContext): Promise<ChatDestination> {
    const state = await currentState(this.eventStore, chatDestinationStream(id), deciders.chatDestination);
    const codeHash = hashPhoneCode(state.code?.salt ?? '', code);
    const now = new Date(this.clock.now()).toISOString();
    const { events } = await answeringRefusals(() =>
      this.commands.run(
        chatDestinationCommand({ type: 'VerifyChatDestination', destinationId: id, userId, codeHash, now }, context),
        chatDestinationsView.name,
      ),
    );
    const failed = events.find((event) => event.type === 'ChatDestinationVerificationFailed');
    if (failed) throw wrongCodeAnswer(failed.data.attempts);
    return this.find(userId, id);
  }

  async remove(userId: string, id: string, context: RequestContext): Promise<void> {
    await this.commands.run(
      chatDestinationCommand({ type: 'RemoveChatDestination', destinationId: id, userId }, context),
      chatDestinationsView.name,
    );
  }

  private async doc(userId: string, id: string): Promise<ChatDestinationDoc> {
    const doc = await chatDestinationsView.byId(this.store, userId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: MESSAGES.notFound });
    return doc;
  }

  /**
   * Counts the code against the person's hourly budget, then: on add, posts it and records the destination only
   * once the webhook took it; on resend, records the code (the stream's hourly limit) and posts it.
   */
  private async sendCode(
    userId: string,
    kind: ChatDestinationKind,
    url: string,
    destinationId: string,
    when: 'add' | 'resend',
    record: (code: IssuedPhoneCode) => Promise<unknown>,
  ) {
    const key = `chat-codes:${userId}`;
    const { code, issued } = issuePhoneCode(this.clock.now());
    const post = async () =>
      refusal(
        kind,
        await this.channels.chat(kind, url, {
          id: `verify-${destinationId}`,
          title: 'Tocsin verification code',
          text: `Your Tocsin verification code is ${code}. Enter it in Tocsin to receive alerts here. It expires in ${PHONE_CODE_TTL_MS / 60_000} minutes.`,
        }),
      );
    await answeringRefusals(async () => {
      const wait = await this.limiter.consume(key, CODES_PER_USER);
      if (wait > 0)
        throw new TooManyRequests(wait, {
          error: 'too_many_requests',
          message: 'Too many codes were sent to your chat destinations. Try again in an hour.',
        });
      try {
        if (when === 'add') await post();
        await record(issued);
        if (when === 'resend') await post();
      } catch (error) {
        // a code that never left, or that the rules refused to record, does not count
        await this.limiter.refund(key, CODES_PER_USER);
        throw error;
      }
    });
  }
}

/**
 * The webhook's answer to a code as the person reads it: an address the egress guard refuses, or one the chat
 * refuses for good (a deleted webhook's 404), is the URL's fault (400, nothing kept); a chat that is down is 502.
 */
function refusal(kind: ChatDestinationKind, result: DeliveryResult): void {
  if (result.ok) return;
  const chat = NOTIFICATION_TYPE_LABELS[kind];
  if (result.answer.startsWith('refused: '))
    throw invalidUrl(`This address cannot be called: ${result.answer.slice('refused: '.length)}`);
  // an answer from anywhere on the internet: a few words of it say why, more would make this a way to read pages
  const answer = result.answer.length > 100 ? `${result.answer.slice(0, 99)}…` : result.answer;
  if (!result.retryable) throw invalidUrl(`${chat} did not take the message: ${answer}`);
  throw new HttpException(
    { error: 'delivery_failed', message: `${chat} did not answer: ${answer}. Try again later.` },
    HttpStatus.BAD_GATEWAY,
  );
}
