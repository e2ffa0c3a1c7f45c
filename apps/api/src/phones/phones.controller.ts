import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PHONES_API, type Phone, type PhonesResponse } from '@tocsin/contracts';
import { PHONES_PER_PAGE } from '@tocsin/domain';
import type { Request } from 'express';
import { personalIdentity } from '../account/account-identity';
import { SignedIn } from '../access/access.decorators';
import { Ctx, type RequestContext } from '../shared/request-context';
import { AddPhoneDto, PhonesQueryDto, ResendPhoneDto, VerifyPhoneDto } from './phones.dto';
import { PhonesService } from './phones.service';

const LIMITS =
  'Codes are 6 digits, stored hashed, and work for 10 minutes; 5 wrong codes void a code; at most 5 codes per number in any rolling hour ' +
  '(the first included) and 20 per person across numbers; at most 10 numbers per person.';

/**
 * The caller's own phone numbers, across their organizations. Another person's phone answers 404.
 * Served where SPEC.md section 7 writes the calls (/phones) and under the web's /api/v1 prefix alike: the
 * same handlers, so the session, CSRF and validation rules cannot differ between the two.
 */
@ApiTags('phones')
@Controller([PHONES_API.slice(1), 'api/v1/phones'])
export class PhonesController {
  constructor(private readonly phones: PhonesService) {}

  @Get()
  @SignedIn()
  @ApiOperation({ summary: "The caller's phones, oldest first, 20 a page" })
  list(@Query() query: PhonesQueryDto, @Req() request: Request): Promise<PhonesResponse> {
    return this.phones.list(
      personalIdentity(request).userId,
      query.page ?? 1,
      query.per_page ?? PHONES_PER_PAGE,
      query.verified,
    );
  }

  @Post()
  @SignedIn()
  @ApiOperation({
    summary: 'Add a number and send it a code',
    description: `Invalid numbers answer 400 ('Phone number is required', 'Phone number is not valid'); a number already added 409. ${LIMITS} With SIMPLE_PHONE_VERIFICATION=true, send consent: true instead: the number is verified at once and no code is sent.`,
  })
  async add(
    @Body() body: AddPhoneDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: Phone }> {
    return { data: await this.phones.add(personalIdentity(request).userId, body, context) };
  }

  @Put(':id/verify')
  @SignedIn()
  @ApiOperation({
    summary: 'Verify with the code',
    description: `400 'Required' or 'Code must be 6 digits'; 422 for a wrong (with attempts_left), expired or voided code. ${LIMITS}`,
  })
  async verify(
    @Param('id') id: string,
    @Body() body: VerifyPhoneDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: Phone }> {
    return { data: await this.phones.verify(personalIdentity(request).userId, id, body.code, context) };
  }

  @Put(':id/resend')
  @SignedIn()
  @ApiOperation({
    summary: 'Send a new code, optionally by another method',
    description: `429 past the limits; 409 once verified. ${LIMITS}`,
  })
  async resend(
    @Param('id') id: string,
    @Body() body: ResendPhoneDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: Phone }> {
    return { data: await this.phones.resend(personalIdentity(request).userId, id, body.verification_method, context) };
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  async remove(@Param('id') id: string, @Req() request: Request, @Ctx() context: RequestContext): Promise<void> {
    await this.phones.remove(personalIdentity(request).userId, id, context);
  }
}
