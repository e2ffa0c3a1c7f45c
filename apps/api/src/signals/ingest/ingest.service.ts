import { Inject, Injectable } from '@nestjs/common';
import {
  alertIdFor,
  alertStreamFor,
  DomainError,
  parseAlertmanager,
  parseGeneric,
  parsePagerDuty,
  payloadOutcome,
  type EventSourceFormat,
  type IngestAction,
  type IngestResult,
  type ParsedPayload,
} from '@tocsin/domain';
import { WrongExpectedRevisionError } from '@tocsin/platform';
import { eventSourcesView, type EventSourceDoc } from '@tocsin/read-models';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { alertCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, METRICS, READ_STORE, type Clock, type Metrics, type ReadStore } from '../../runtime/ports';
import { deterministicId } from '../../shared/event-sourced';
import { MAX_DEPTH, nestedTooDeeply } from '../../shared/well-formed';
import { FairShare } from '../../shared/fair-share';
import { SecretBox } from '../event-sources/secret-box';
import { SourceRates, type AddressCharge } from '../event-sources/source-rates';
import { tokenHashOf } from '../event-sources/ingest-token';
import { payloadExcerpt } from './excerpt';
import { IngestLogWriter } from './ingest-log.writer';
import { INGEST_BODY_LIMIT, PAGERDUTY_BODY_LIMIT, rawBodyOf, type RawBody } from './raw-body';
import { RoutingService, type Route } from './routing.service';
import { SeenSignatures } from './seen-signatures';
import { AlertGroupingIngest, type Grouper } from '../alert-grouping/alert-grouping.ingest';
import { checkSignature } from './signature';
import { heldLogLine, MaintenanceSuppression } from '../../incidents/maintenances/maintenance-suppression';

/** The key that sealed the source's secret is gone (SECRETS_KEY changed): nothing can be checked. */
const UNREADABLE_SECRET =
  "This source's signing secret cannot be read (the server's SECRETS_KEY changed): make a new one on the source page";
const TOO_DEEP = `The payload is nested too deeply (at most ${MAX_DEPTH} levels of objects and lists)`;
const UNREAD = (retryAfterSeconds: number) =>
  `Too many payloads from this address were wrongly signed or replayed, or went over their source's limit. Try again in ${retryAfterSeconds} s.`;
/** The in-process replay memory holds as many of this source's signatures as it keeps for one sender. */
const REMEMBERED_FULL = (retryAfterSeconds: number) =>
  `This source sent more signed payloads within 5 minutes than this server remembers for one source: try again in ${retryAfterSeconds} s`;
const REPLAYED =
  'This signed payload was received already: a signature is accepted once (sign each payload when it is sent)';
/**
 * Payloads checked, parsed, routed and decided at once, all organizations together (enough to keep the group
 * commit's batches full for a single busy source), and of one organization while another has payloads too: a
 * tenant's storm then runs few pieces beside another's payload, which starts at once instead of queueing behind
 * the storm (ARCHITECTURE.md "Security rules"; `npm run bench -- tenants` measures it).
 */
const PAYLOADS_AT_ONCE = 16;
const PAYLOADS_OF_ONE_ORGANIZATION = 4;
/**
 * Another api process wrote the alert's stream first (this one's commands on a stream already run one after the
 * other): decide again after a short, growing, jittered pause, never refuse (a tool takes a 4xx as final).
 */
const conflictPause = (round: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** round)));

export type IngestAnswer =
  | { kind: 'unknown_source' }
  | { kind: 'refused'; status: number; message: string; errors: string[]; fields: Record<string, string[]> }
  | { kind: 'rate_limited'; retryAfterSeconds: number; message: string }
  | { kind: 'accepted'; payloadId: string; orgId: string; results: IngestResult[] };

/** The metrics' outcome of a payload turned away whole (an accepted one counts each alert's own outcome). */
const REFUSAL_OUTCOMES = {
  unknown_source: 'unknown_source',
  refused: 'rejected',
  rate_limited: 'rate_limited',
} as const;

const unknownTokensLimited = (retryAfterSeconds: number): IngestAnswer => ({
  kind: 'rate_limited',
  retryAfterSeconds,
  message: `Too many requests to ingest URLs that name no event source. Try again in ${retryAfterSeconds} s.`,
});

const PARSERS: Record<EventSourceFormat, (body: unknown, newKey: string) => ParsedPayload> = {
  generic: parseGeneric,
  alertmanager: (body) => parseAlertmanager(body),
  pagerduty: parsePagerDuty,
};

const BODY_LIMITS: Record<EventSourceFormat, number> = {
  generic: INGEST_BODY_LIMIT,
  alertmanager: INGEST_BODY_LIMIT,
  pagerduty: PAGERDUTY_BODY_LIMIT,
};

const FORMAT_NAMES: Record<EventSourceFormat, string> = {
  generic: 'generic JSON payloads at /ingest/{token}',
  alertmanager: 'Alertmanager webhooks at /ingest/{token}/alertmanager',
  pagerduty: 'PagerDuty Events API v2 events at /ingest/{token}/pagerduty/v2/enqueue',
};

/**
 * One payload from a monitoring tool, in the order ARCHITECTURE.md "Signals" asks: the source by its token,
 * its limit counted, the body read and its signature checked, the format read, then each alert routed and
 * decided on its own stream through the one command path. The answer is given only once every alert's events
 * and the payload's log entry are durable.
 */
@Injectable()
export class IngestService {
  private readonly share = new FairShare({ capacity: PAYLOADS_AT_ONCE, perTenant: PAYLOADS_OF_ONE_ORGANIZATION });

  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: Commands,
    private readonly rates: SourceRates,
    private readonly log: IngestLogWriter,
    private readonly routing: RoutingService,
    private readonly box: SecretBox,
    private readonly seen: SeenSignatures,
    private readonly grouping: AlertGroupingIngest,
    private readonly maintenances: MaintenanceSuppression,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {}

  async receive(
    token: string,
    format: EventSourceFormat,
    request: Request,
    response: Response,
    /** The body, when the caller had to read it first (PagerDuty's routing key in the body), and its address's charge. */
    preRead?: { body: RawBody; charge: AddressCharge | null },
  ): Promise<IngestAnswer> {
    const counted = this.metrics.alertsIngested;
    try {
      const answer = await this.take(token, format, request, response, preRead);
      if (answer.kind !== 'accepted') counted.inc({ format, outcome: REFUSAL_OUTCOMES[answer.kind] });
      else {
        for (const { outcome } of answer.results) counted.inc({ format, outcome });
        this.metrics.byOrg.ingested(answer.orgId, answer.results.length);
      }
      return answer;
    } catch (error) {
      counted.inc({ format, outcome: 'error' });
      throw error;
    }
  }

  private async take(
    token: string,
    format: EventSourceFormat,
    request: Request,
    response: Response,
    preRead?: { body: RawBody; charge: AddressCharge | null },
  ): Promise<IngestAnswer> {
    // the general per-address limit does not count ingest URLs (a tool sends all its alerts from one address):
    // the source's limit does. Unknown tokens are limited per address, and that limit refuses only them: an
    // address shared by many tools (a SaaS, a NAT) must not let one guesser cut off every tenant's alerts.
    const address = request.ip ?? 'unknown';
    const source = await this.sourceOf(token);
    if (!source) {
      const counted = await this.rates.unknownToken(address);
      return counted.ok ? { kind: 'unknown_source' } : unknownTokensLimited(counted.retryAfterSeconds);
    }
    // read before its sender was proven, the request took from its address's budget (the caller took it for a
    // body it had to read first): once it proves its sender and its source's limit takes it, it gives it back,
    // so only junk spends an address's minute and a genuine sender counts against its source's limit alone,
    // whoever shares its address. Refused by that limit it keeps it: its body was read all the same, and a key
    // of one's own must not make such reads unbounded
    let charge = preRead?.charge ?? null;
    const proven = async () => {
      const given = charge;
      charge = null;
      await this.rates.provenRead(given);
    };
    const payloadId = randomUUID();
    const receivedAt = new Date(this.clock.now()).toISOString();
    const entry = { payloadId, orgId: source.orgId, sourceId: source._id, format, receivedAt };
    // counted against the source's limit yet: at once, or for a signed source once its signature holds
    let counted = !source.signingSecret;
    /** The signature this request claimed in the replay memory: given back if the payload is not taken after all. */
    let claimed: string | null = null;
    /** Turned away unapplied (a limit, a failed write): the sender may send the same signed payload again as it is. */
    const unclaim = async () => {
      if (claimed) await this.seen.release(source._id, claimed);
      claimed = null;
    };
    const refuse = async (
      status: number,
      message: string,
      errors: string[] = [message],
      fields = {},
      excerpt?: string,
    ) => {
      // before a signed source's signature holds, nothing was counted: its refusals are logged within a bound
      if (counted || (await this.rates.mayLogUnsigned(source._id, source.rateLimitPerMinute))) {
        await this.log.record({
          ...entry,
          outcome: 'rejected',
          results: [],
          message,
          errors,
          ...(excerpt && { excerpt }),
        });
      }
      return { kind: 'refused' as const, status, message, errors, fields };
    };
    const limited = async (points: number): Promise<IngestAnswer | null> => {
      const verdict = await this.rates.consume(source._id, source.rateLimitPerMinute, points);
      if (verdict.ok) return null;
      const message = `This source may send ${source.rateLimitPerMinute} alerts a minute. Try again in ${verdict.retryAfterSeconds} s.`;
      if (verdict.firstRefusal) await this.log.record({ ...entry, outcome: 'rate_limited', results: [], message });
      return { kind: 'rate_limited', retryAfterSeconds: verdict.retryAfterSeconds, message };
    };

    // counted before anything is read, a flood costs a counter, not a parse; a signed source counts once the
    // signature holds (an HMAC costs less than a parse), so unsigned junk cannot use up a genuine sender's limit
    if (counted) {
      const first = await limited(1);
      if (first) return first;
      // an unsigned source's token (here PagerDuty's routing_key) is its credential: the request is proven
      await proven();
    } else if (!preRead) {
      // nor is its body inflated before anything is counted: the address is, as on PagerDuty's token-less URL
      const read = await this.rates.unauthenticatedRead(address);
      if (!read.ok) {
        const { retryAfterSeconds } = read;
        return { kind: 'rate_limited', retryAfterSeconds, message: UNREAD(retryAfterSeconds) };
      }
      charge = read.charge;
    }
    const raw = preRead?.body ?? (await rawBodyOf(request, response, BODY_LIMITS[format]));
    // from here on the payload costs the process work (its signature, parse, routing, decisions and appends):
    // organizations take turns for it, so one tenant's storm queues behind itself (FairShare). The body is read
    // before the turn is taken: a slow sender holds its own socket, never a turn another tenant waits for.
    return this.share.run(source.orgId, async (): Promise<IngestAnswer> => {
      // PagerDuty answers an event beyond its size with its 400 "invalid event"
      if (!raw.ok) return refuse(format === 'pagerduty' && raw.status === 413 ? 400 : raw.status, raw.message);
      const excerpt = payloadExcerpt(raw.body, token);
      if (source.format !== format) {
        return refuse(404, `This event source takes ${FORMAT_NAMES[source.format]}`, undefined, {}, excerpt);
      }
      if (source.signingSecret) {
        const secret = this.box.open(source.signingSecret);
        if (secret === null) return refuse(401, UNREADABLE_SECRET, undefined, {}, excerpt);
        const header = request.headers['x-tocsin-signature'];
        const now = this.clock.now();
        const check = checkSignature(typeof header === 'string' ? header : undefined, secret, raw.body, now);
        if (!check.ok) return refuse(401, check.problem, undefined, {}, excerpt);
        const claim = await this.seen.claim(source._id, check.digest, check.untilMs, now);
        // a replay proves nothing of who sends it: it keeps its address's count
        if (claim.kind === 'replayed') return refuse(401, REPLAYED, undefined, {}, excerpt);
        if (claim.kind === 'full') {
          const { retryAfterSeconds } = claim;
          const message = REMEMBERED_FULL(retryAfterSeconds);
          if (await this.rates.mayLogUnsigned(source._id, source.rateLimitPerMinute))
            await this.log.record({ ...entry, outcome: 'rate_limited', results: [], message });
          return { kind: 'rate_limited', retryAfterSeconds, message };
        }
        claimed = check.digest;
        const first = await limited(1);
        if (first) {
          // turned away unread: the sender may send it again once the minute allows
          await unclaim();
          return first;
        }
        await proven();
        counted = true;
      }
      if (nestedTooDeeply(raw.body)) return refuse(400, TOO_DEEP, undefined, {}, excerpt);
      let body: unknown;
      try {
        body = JSON.parse(raw.body.toString('utf8'));
      } catch {
        return refuse(400, 'The payload is not valid JSON', undefined, {}, excerpt);
      }
      const parsed = PARSERS[format](body, randomUUID());
      if (!parsed.ok) {
        return refuse(400, parsed.errors[0], parsed.errors, parsed.fields, excerpt);
      }
      // a group counts each of its alerts; the first was counted on arrival
      const more = parsed.actions.length > 1 ? await limited(parsed.actions.length - 1) : null;
      if (more) {
        // turned away whole, nothing of it applied: like a payload refused on arrival
        await unclaim();
        return more;
      }
      try {
        const route = await this.routing.routerFor(source);
        const group = this.grouping.grouperFor(source.orgId);
        const results = await Promise.all(
          parsed.actions.map((action, index) =>
            this.apply(source, route, group, action, `${payloadId}/${index}`, receivedAt),
          ),
        );
        await this.log.record({ ...entry, outcome: payloadOutcome(results), results });
        return { kind: 'accepted' as const, payloadId, orgId: source.orgId, results };
      } catch (error) {
        // not (wholly) written, answered 500: the sender's retry of the same signed payload must be taken, not
        // refused as received already (a tool takes a 4xx as final); what was written is deduplicated then
        await unclaim();
        throw error;
      }
    });
  }

  private async sourceOf(token: string): Promise<EventSourceDoc | null> {
    if (!/^[0-9a-f]{32}$/.test(token)) return null;
    return eventSourcesView.byTokenHash(this.store, tokenHashOf(token));
  }

  private async apply(
    source: EventSourceDoc,
    route: Route,
    group: Grouper,
    action: IngestAction,
    seed: string,
    at: string,
  ): Promise<IngestResult> {
    const { dedupKey } = action;
    const alertId = alertIdFor(source._id, dedupKey);
    const commandId = deterministicId(seed);
    // made from the payload's own random id: new to every stream. The correlation is the payload's id (the seed is
    // `{payloadId}/{index}`), as its log entry's: the alert's events, and the pages they cause, trace back to it.
    const context = {
      orgId: source.orgId,
      actorId: null,
      role: null,
      commandId,
      fresh: true,
      correlationId: seed.slice(0, seed.lastIndexOf('/')),
    };
    const stream = alertStreamFor(source._id, dedupKey);
    if (action.action !== 'trigger') {
      const type = action.action === 'resolve' ? 'ResolveAlert' : 'AcknowledgeAlert';
      const by = { kind: 'source' as const, sourceId: source._id };
      try {
        const outcome = await this.decided(() =>
          this.commands.run(alertCommand(stream, { type, alertId, orgId: source.orgId, by, at }, context)),
        );
        const done = action.action === 'resolve' ? 'resolved' : 'acknowledged';
        return { outcome: outcome.events.length > 0 ? done : 'ignored', dedupKey, alertId };
      } catch (error) {
        // nothing open under this key (never seen, or already resolved): the tool's message changes nothing
        if (error instanceof DomainError) return { outcome: 'ignored', dedupKey, alertId };
        throw error;
      }
    }
    const { content } = action;
    const decision = await route(content);
    if (decision.routing.kind === 'drop') {
      return { outcome: 'dropped', dedupKey, alertId, summary: content.summary, ruleId: decision.routing.ruleId };
    }
    const routing = decision.routing;
    // grouping decides on the key's stream before the alert's own (a member of a group is not paged)
    const alert = {
      sourceId: source._id,
      summary: content.summary,
      priority: routing.priority,
      labels: content.labels,
    };
    const place = await this.decided(() =>
      group({ teamId: routing.teamId, alert, alertId, alertStream: stream, at, seed, context }),
    );
    // a scheduled maintenance in force that covers the alert holds a new episode: recorded, paging nobody
    const suppression = await this.maintenances.holderFor(
      source.orgId,
      { sourceId: source._id, labels: content.labels },
      at,
    );
    const command = {
      type: 'TriggerAlert' as const,
      alertId,
      orgId: source.orgId,
      sourceId: source._id,
      dedupKey,
      at,
      ...content,
      routing,
      policy: decision.policy,
      ...(place && { grouping: place.grouping }),
      ...(suppression && { suppression }),
    };
    const { events } = await this.decided(() => this.commands.run(alertCommand(stream, command, context)));
    const event = events[0];
    const ruleId = routing.kind === 'route' ? { ruleId: routing.ruleId } : {};
    if (event?.type === 'AlertTriggered') {
      const episode = event.data.episode;
      const grouped = event.data.grouping;
      // joined a group someone acknowledged: acknowledged with it, as its other alerts were
      if (grouped && place?.acknowledgedBy) {
        const ack = { type: 'AcknowledgeAlert' as const, alertId, orgId: source.orgId, by: place.acknowledgedBy, at };
        const ackContext = { ...context, commandId: deterministicId(`${seed}/group-ack`) };
        await this.decided(() =>
          this.commands.run(alertCommand(stream, { ...ack, groupId: grouped.groupId }, ackContext)),
        );
      }
      return {
        outcome: episode === 1 ? 'new_alert' : 'reopened',
        dedupKey,
        alertId,
        summary: content.summary,
        episode,
        ...ruleId,
        ...(grouped && { group: grouped }),
        ...heldLogLine(suppression, events),
      };
    }
    const episode = event?.type === 'AlertDeduplicated' ? event.data.episode : undefined;
    return { outcome: 'deduplicated', dedupKey, alertId, summary: content.summary, episode };
  }

  /** The command path retries a conflict once; writers in other processes may need more rounds, however many. */
  private async decided<T>(run: () => Promise<T>): Promise<T> {
    for (let round = 1; ; round++) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        await conflictPause(round);
      }
    }
  }
}
