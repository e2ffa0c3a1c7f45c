import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { REGISTRATION_STARTED, type MeResponse, type RegistrationPreview } from '@tocsin/contracts';
import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';
import { PublicUrl } from '../shared/public-url';
import { Public, SignedIn } from './access.decorators';
import { DEVICE_COOKIE } from './known-devices';
import { CompleteRegistrationDto, SignInDto, StartRegistrationDto, SwitchOrganizationDto } from './identity.dto';
import { RegistrationService } from './registration.service';
import { isSameOriginNavigation } from './same-origin';
import { SessionService } from './session.service';

@ApiTags('identity')
@Controller()
export class SessionsController {
  constructor(
    private readonly sessions: SessionService,
    private readonly registrations: RegistrationService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /** Sign in: sets the httpOnly session cookie and the CSRF cookie, answers with who you are. */
  @Post('sessions')
  @Public()
  async signIn(@Body() body: SignInDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ ok: true }> {
    const client = { address: request.ip ?? 'unknown', device: parseCookies(request.headers.cookie ?? '')[DEVICE_COOKIE] };
    await this.sessions.signIn(body.email, body.password, client, response, request.identity);
    return { ok: true };
  }

  /** Sign out (SPEC: a delete-method request to /sessions). Works, and clears cookies, even when already signed out. */
  @Delete('sessions')
  @Public()
  @HttpCode(204)
  async signOut(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.signOut(request.identity, response);
  }

  /**
   * Exit staff access (SPEC.md section 2: the staff banner links to /sessions): a browser navigation that
   * ends the staff session and returns the operator to their own organization. Outside a staff session
   * it only redirects. A GET that changes state is honored only when it comes from this site (the
   * banner's link, or the address typed): a link on another site redirects and ends nothing.
   */
  @Get('sessions')
  @Public()
  async exitStaffAccess(@Req() request: Request, @Res() response: Response): Promise<void> {
    const next = isSameOriginNavigation(request, this.publicUrl.of(request))
      ? await this.sessions.exitStaffAccess(request.identity, response)
      : request.identity ? '/' : '/sessions/new';
    response.redirect(303, next);
  }

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

  @Get('api/v1/me')
  @SignedIn()
  async me(@Req() request: Request): Promise<MeResponse> {
    return { data: await this.sessions.me(request.identity!) };
  }

  @Put('api/v1/me/organization')
  @SignedIn()
  async switchOrganization(@Body() body: SwitchOrganizationDto, @Req() request: Request): Promise<MeResponse> {
    const identity = await this.sessions.switchOrganization(request.identity!, body.organization_id);
    return { data: await this.sessions.me(identity) };
  }
}
