import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SSO_ERROR_PARAM } from '@tocsin/contracts';
import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';
import { Public } from '../access/access.decorators';
import { PublicUrl } from '../shared/public-url';
import { SsoSignInDto } from './sso.dto';
import { SsoSignInError } from './sso-sign-in.error';
import { SsoSignInService } from './sso-sign-in.service';

/** Binds a sign-in to the browser that started it, so a callback link sent to someone else does nothing. */
const FLOW_COOKIE = 'tocsin_sso_state';
const CALLBACK = '/sessions/sso/callback';

@ApiTags('single sign-on')
@Controller('sessions/sso')
export class SsoSignInController {
  constructor(
    private readonly sso: SsoSignInService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /** SPEC.md section 2, /sessions/sso/new: the email's domain picks the organization; the answer is where to go next. */
  @Post()
  @Public()
  @HttpCode(200)
  async begin(
    @Body() body: SsoSignInDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ data: { redirect_url: string } }> {
    const { url, state } = await this.sso.begin(body.email, `${this.publicUrl.of(request)}${CALLBACK}`);
    const secure = request.secure || this.publicUrl.of(request).startsWith('https://');
    response.cookie(FLOW_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: CALLBACK,
      maxAge: 10 * 60_000,
    });
    return { data: { redirect_url: url } };
  }

  /** The provider's redirect: signed in into the app, or back on the sign-in page with what went wrong. */
  @Get('callback')
  @Public()
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    const url = new URL(`${this.publicUrl.of(request)}${request.originalUrl}`);
    response.clearCookie(FLOW_COOKIE, { path: CALLBACK });
    try {
      // only a person's own session links an account: a key (public route, no guard check) would buy one
      const signedIn = request.identity?.apiKey ? undefined : request.identity;
      await this.sso.complete(url, parseCookies(request.headers.cookie ?? '')[FLOW_COOKIE], response, signedIn);
      response.redirect(303, '/');
    } catch (error) {
      if (!(error instanceof SsoSignInError)) throw error;
      response.redirect(303, `/sessions/sso/new?${SSO_ERROR_PARAM}=${encodeURIComponent(error.message)}`);
    }
  }
}
