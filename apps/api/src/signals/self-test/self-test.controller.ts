import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SELF_TEST_API, type SelfTestResponse } from '@tocsin/contracts';
import { RequirePermission } from '../../access/access.decorators';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { SelfTestDto } from './self-test.dto';
import { SelfTestService } from './self-test.service';

/**
 * The ops page's self-test (`/api/v1/ops/self_test`): the organization's settings, set by its owners
 * (`manage_organization_settings`: the self-test is an organization setting), and its latest rounds
 * (`read_organization_settings`). Addresses are kept sealed and shown only as hints.
 */
@ApiTags('health')
@Controller()
export class SelfTestController {
  constructor(private readonly selfTest: SelfTestService) {}

  @Get(SELF_TEST_API.slice(1))
  @RequirePermission('read_organization_settings')
  @ApiOperation({ summary: "The organization's self-test settings, its last success and failure, its latest rounds" })
  show(@Ctx() context: RequestContext): Promise<SelfTestResponse> {
    return this.selfTest.show(context.orgId);
  }

  @Put(SELF_TEST_API.slice(1))
  @RequirePermission('manage_organization_settings')
  @ApiOperation({
    summary: 'Sets the self-test: interval, channel and test destination, outside heartbeat URL, on/off',
  })
  async set(@Body() body: SelfTestDto, @Ctx() context: RequestContext): Promise<SelfTestResponse> {
    await this.selfTest.configure(body, context);
    return this.selfTest.show(context.orgId);
  }
}
