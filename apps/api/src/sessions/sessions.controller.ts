import { Body, Controller, Delete, Get, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { MeResponse } from '@tocsin/contracts';
import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';
import { PublicUrl } from '../shared/public-url';
import { Public, SignedIn } from '../access/access.decorators';
import { DEVICE_COOKIE } from './known-devices';
import { SignInDto, SwitchOrganizationDto } from './sessions.dto';
import { isSameOriginNavigation } from '../access/same-origin';
import { SessionService } from './session.service';

@ApiTags('sessions')
@Controller()
export class SessionsController {
  constructor(
    private readonly sessions: SessionService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /** Sign in: sets the httpOnly session cookie and the CSRF cookie, answers with who you are. */
  @Post('sessions')
  @Public()
  async signIn(
    @Body() body: SignInDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ ok: true }> {
    const client = {
      address: request.ip ?? 'unknown',
      device: parseCookies(request.headers.cookie ?? '')[DEVICE_COOKIE],
    };
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
      : request.identity
        ? '/'
        : '/sessions/new';
    response.redirect(303, next);
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
