import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { REGISTRATION_STARTED, type RegistrationPreview } from '@tocsin/contracts';
import type { Request, Response } from 'express';
import { PublicUrl } from '../shared/public-url';
import { Public } from '../access/access.decorators';
import { CompleteRegistrationDto, StartRegistrationDto } from './registration.dto';
import { RegistrationService } from './registration.service';

/** Sign-up (SPEC.md section 2: /registrations/new, /registrations/{id}/complete). */
@ApiTags('registration')
@Controller()
export class RegistrationsController {
  constructor(
    private readonly registrations: RegistrationService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /**
   * Sign-up, step one (SPEC.md section 2, /registrations/new): mails a link to /registrations/{id}/complete
   * that works once for 24 hours, or to an address that already has an account, a mail saying so. The
   * answer is the same either way, so it does not tell which addresses have accounts.
   */
  @Post('registrations')
  @Public()
  @HttpCode(202)
  async startRegistration(@Body() body: StartRegistrationDto, @Req() request: Request): Promise<{ message: string }> {
    await this.registrations.start(body, this.publicUrl.of(request));
    return { message: REGISTRATION_STARTED };
  }

  /** The complete page checks its link first: 404 for an unknown link, 410 for an expired or used one. */
  @Get('api/v1/registrations/:id')
  @Public()
  async registration(@Param('id') id: string, @Query('token') token: unknown): Promise<{ data: RegistrationPreview }> {
    return { data: await this.registrations.preview(id, typeof token === 'string' ? token : '') };
  }

  /** Sign-up, step two: a new user owning a new organization, signed in at once. */
  @Post('registrations/:id/complete')
  @Public()
  async completeRegistration(
    @Param('id') id: string,
    @Body() body: CompleteRegistrationDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ data: { id: string; organization_id: string } }> {
    return { data: await this.registrations.complete(id, body, response) };
  }
}
