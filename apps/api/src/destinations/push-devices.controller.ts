import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PUSH_DEVICES_API, type PushDevice } from '@tocsin/contracts';
import type { Request } from 'express';
import { personalIdentity } from '../account/account-identity';
import { SignedIn } from '../access/access.decorators';
import { Ctx, type RequestContext } from '../shared/request-context';
import { RegisterPushDeviceDto } from './destinations.dto';
import { PushDevicesService } from './push-devices.service';

/** The caller's own push devices, across their organizations. Another person's device answers 404. */
@ApiTags('destinations')
@Controller(PUSH_DEVICES_API.slice(1))
export class PushDevicesController {
  constructor(private readonly devices: PushDevicesService) {}

  @Get()
  @SignedIn()
  @ApiOperation({ summary: "The caller's push devices, in the order registered; tokens shown only as token_hint" })
  async list(@Req() request: Request): Promise<{ data: PushDevice[] }> {
    return { data: await this.devices.list(personalIdentity(request).userId) };
  }

  @Post()
  @SignedIn()
  @ApiOperation({
    summary: 'Register this device for push pages (the mobile app calls it at each start)',
    description:
      'Signed in as the person (session cookie and CSRF header). The same token again is the same device: its platform and name are updated, nothing is added. ios devices are paged through APNs, android and web through FCM, as the destination types apns and fcm of notification settings. 400 with field messages for a bad token or platform; 409 past 20 devices per person.',
  })
  async register(
    @Body() body: RegisterPushDeviceDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: PushDevice }> {
    return { data: await this.devices.register(personalIdentity(request).userId, body, context) };
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a device: it is paged no more' })
  async remove(@Param('id') id: string, @Req() request: Request, @Ctx() context: RequestContext): Promise<void> {
    await this.devices.remove(personalIdentity(request).userId, id, context);
  }
}
