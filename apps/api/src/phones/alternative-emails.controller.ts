import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AlternativeEmail } from '@tocsin/contracts';
import type { Request } from 'express';
import { personalIdentity } from '../account/account-identity';
import { Public, SignedIn } from '../access/access.decorators';
import { PublicUrl } from '../shared/public-url';
import { Ctx, type RequestContext } from '../shared/request-context';
import { AlternativeEmailsService } from './alternative-emails.service';
import { AddAlternativeEmailDto } from './phones.dto';

/** The emailed link leads to the web page /alternative_emails/{token}/verify under PUBLIC_URL. */
const LIMITS =
  'A link works for 24 hours and only the newest one works; at most 5 links per address in any rolling hour; at most 10 addresses per person.';

@ApiTags('alternative emails')
@Controller('internal_api/v1/alternative_emails')
export class AlternativeEmailsController {
  constructor(
    private readonly emails: AlternativeEmailsService,
    private readonly publicUrl: PublicUrl,
  ) {}

  @Get()
  @SignedIn()
  async list(@Req() request: Request): Promise<{ data: AlternativeEmail[] }> {
    return { data: await this.emails.list(personalIdentity(request).userId) };
  }

  @Post()
  @SignedIn()
  @ApiOperation({
    summary: 'Add an address and email it a verification link',
    description: `409 for the account's own email or an address already added. ${LIMITS}`,
  })
  async add(
    @Body() body: AddAlternativeEmailDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: AlternativeEmail }> {
    return {
      data: await this.emails.add(personalIdentity(request).userId, body.email, this.publicUrl.of(request), context),
    };
  }

  /** Before `:id` routes: "verify" is not an id. */
  @Get('verify/:token')
  @Public()
  @ApiOperation({
    summary: 'Verify by the emailed link',
    description: `No session needed: the link proves the mailbox. 422 for an unknown, older or expired link. ${LIMITS}`,
  })
  async verify(@Param('token') token: string): Promise<{ data: AlternativeEmail }> {
    return { data: await this.emails.verify(token) };
  }

  @Post(':id/resend')
  @SignedIn()
  @ApiOperation({
    summary: 'Email a new link (the older ones stop working)',
    description: `429 past the limit; 409 once verified. ${LIMITS}`,
  })
  async resend(
    @Param('id') id: string,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: AlternativeEmail }> {
    return {
      data: await this.emails.resend(personalIdentity(request).userId, id, this.publicUrl.of(request), context),
    };
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  async remove(@Param('id') id: string, @Req() request: Request, @Ctx() context: RequestContext): Promise<void> {
    await this.emails.remove(personalIdentity(request).userId, id, context);
  }
}
