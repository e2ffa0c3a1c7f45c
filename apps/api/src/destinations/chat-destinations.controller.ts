import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CHAT_DESTINATIONS_API, type ChatDestination } from '@tocsin/contracts';
import type { Request } from 'express';
import { personalIdentity } from '../account/account-identity';
import { SignedIn } from '../access/access.decorators';
import { Ctx, type RequestContext } from '../shared/request-context';
import { ChatDestinationsService } from './chat-destinations.service';
import { AddChatDestinationDto, VerifyChatDestinationDto } from './destinations.dto';

const LIMITS =
  'The code is 6 digits and works for 10 minutes; 5 wrong codes void it; at most 5 codes per destination in any rolling hour and 20 per person; at most 10 chat destinations per person.';

/** The caller's own Slack and Microsoft Teams incoming webhooks, across their organizations. Another person's answers 404. */
@ApiTags('destinations')
@Controller(CHAT_DESTINATIONS_API.slice(1))
export class ChatDestinationsController {
  constructor(private readonly destinations: ChatDestinationsService) {}

  @Get()
  @SignedIn()
  @ApiOperation({ summary: "The caller's Slack and Teams webhooks, oldest first; URLs shown only as url_hint" })
  async list(@Req() request: Request): Promise<{ data: ChatDestination[] }> {
    return { data: await this.destinations.list(personalIdentity(request).userId) };
  }

  @Post()
  @SignedIn()
  @ApiOperation({
    summary: 'Add an incoming webhook: it is posted a code to type back',
    description: `400 with field messages for a bad URL, for one whose host resolves to a private address, or one the chat refuses (nothing is kept); 409 for a webhook already added; 502 when the chat does not answer. ${LIMITS}`,
  })
  async add(
    @Body() body: AddChatDestinationDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: ChatDestination }> {
    return { data: await this.destinations.add(personalIdentity(request).userId, body, context) };
  }

  @Put(':id/verify')
  @SignedIn()
  @ApiOperation({
    summary: 'Verify with the code the webhook posted',
    description: `400 'Required' or 'Code must be 6 digits'; 422 for a wrong (with attempts_left), expired or voided code. ${LIMITS}`,
  })
  async verify(
    @Param('id') id: string,
    @Body() body: VerifyChatDestinationDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: ChatDestination }> {
    return { data: await this.destinations.verify(personalIdentity(request).userId, id, body.code, context) };
  }

  @Put(':id/resend')
  @SignedIn()
  @ApiOperation({ summary: 'Post a new code', description: `429 past the limits; 409 once verified. ${LIMITS}` })
  async resend(
    @Param('id') id: string,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: ChatDestination }> {
    return { data: await this.destinations.resend(personalIdentity(request).userId, id, context) };
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  async remove(@Param('id') id: string, @Req() request: Request, @Ctx() context: RequestContext): Promise<void> {
    await this.destinations.remove(personalIdentity(request).userId, id, context);
  }
}
