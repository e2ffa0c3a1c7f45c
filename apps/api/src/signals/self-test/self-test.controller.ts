import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SELF_TEST_API, ViewNames, type SelfTestResponse } from '@tocsin/contracts';
import { selfTestAddressHint, selfTestDestinationProblem, selfTestHeartbeatProblem } from '@tocsin/domain';
import { egressRefusal } from '@tocsin/platform';
import { selfTestsView } from '@tocsin/read-models';
import { RequirePermission } from '../../access/access.decorators';
import { selfTestCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, CONFIG, READ_STORE, type AppConfig, type Clock, type ReadStore } from '../../runtime/ports';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { SecretBox } from '../event-sources/secret-box';
import { SELF_TEST_STATUS, type SelfTestStatusDoc } from './self-test-record';
import { SelfTestDto } from './self-test.dto';
import { SelfTestRounds } from './self-test-rounds';

/**
 * The ops page's self-test (`/api/v1/ops/self_test`): the organization's settings, set whole by its owners
 * (`manage_organization_settings`: the self-test is an organization setting), and its latest rounds
 * (`read_organization_settings`). Addresses are kept sealed and shown only as hints.
 */
@ApiTags('health')
@Controller()
export class SelfTestController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: Commands,
    private readonly box: SecretBox,
    private readonly rounds: SelfTestRounds,
  ) {}

  @Get(SELF_TEST_API.slice(1))
  @RequirePermission('read_organization_settings')
  @ApiOperation({ summary: "The organization's self-test settings, its last success and failure, its latest rounds" })
  async show(@Ctx() context: RequestContext): Promise<SelfTestResponse> {
    const settings = await selfTestsView.ofOrg(this.store, context.orgId);
    const status = await this.store.findOne<SelfTestStatusDoc>(SELF_TEST_STATUS, { _id: context.orgId });
    return {
      data: {
        settings: settings && {
          enabled: settings.enabled,
          interval: settings.interval,
          channel: settings.channel,
          destination_hint: settings.destination.hint,
          heartbeat_url_hint: settings.heartbeatUrl?.hint ?? null,
          updated_at: settings.updated_at,
        },
        last_success: status?.lastSuccess ?? null,
        last_failure: status?.lastFailure ?? null,
        rounds: status?.rounds ?? [],
      },
    };
  }

  @Put(SELF_TEST_API.slice(1))
  @RequirePermission('manage_organization_settings')
  @ApiOperation({
    summary: 'Sets the self-test: interval, channel and test destination, outside heartbeat URL, on/off',
  })
  async set(@Body() body: SelfTestDto, @Ctx() context: RequestContext): Promise<SelfTestResponse> {
    const allowPrivate = this.config.CHANNELS_ALLOW_PRIVATE_ADDRESSES;
    const requireHttps = this.config.NODE_ENV === 'production';
    // what the egress guard says of a URL Tocsin would call, before it is kept
    const guarded = async (field: string, url: string) => {
      const refusal = await egressRefusal(url, { allowPrivate });
      return refusal && `${field} cannot be called: ${refusal}`;
    };
    // the addresses are shown as hints only: one left out keeps what is set (the destination, for the same channel)
    const current = await selfTestsView.ofOrg(this.store, context.orgId);
    const keepDestination = body.destination === undefined && current?.channel === body.channel;
    const keepHeartbeat = body.heartbeat_url === undefined;
    let destinationProblem = keepDestination
      ? null
      : selfTestDestinationProblem(body.channel, body.destination, requireHttps);
    if (!destinationProblem && !keepDestination && body.channel !== 'email')
      destinationProblem = await guarded('destination', body.destination!);
    const heartbeat = keepHeartbeat ? null : body.heartbeat_url || null;
    // an outside monitor's URL: http is its owner's choice, like any monitoring ping
    let heartbeatProblem = selfTestHeartbeatProblem(heartbeat, false);
    if (!heartbeatProblem && heartbeat) heartbeatProblem = await guarded('heartbeat_url', heartbeat);
    const sealed = (hint: string, value: string) => ({ sealed: this.box.seal(value), hint });
    const destination = keepDestination
      ? current!.destination
      : !destinationProblem && typeof body.destination === 'string'
        ? sealed(selfTestAddressHint(body.channel, body.destination), body.destination)
        : null;
    const heartbeatUrl = keepHeartbeat
      ? (current?.heartbeatUrl ?? null)
      : heartbeat && !heartbeatProblem
        ? sealed(selfTestAddressHint('heartbeat', heartbeat), heartbeat)
        : null;
    await this.commands.run(
      selfTestCommand(
        {
          type: 'ConfigureSelfTest',
          enabled: body.enabled,
          interval: body.interval,
          channel: body.channel,
          destination,
          destinationProblem,
          heartbeatUrl,
          heartbeatProblem,
        },
        context,
      ),
      ViewNames.selfTests,
    );
    await this.rounds.schedule({ ...body, orgId: context.orgId }, this.clock.now());
    return this.show(context);
  }
}
