import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AccountProfile, OauthProvider } from '@tocsin/contracts';
import type { Request } from 'express';
import { Public, SignedIn } from '../access/access.decorators';
import { PublicUrl } from '../shared/public-url';
import { Ctx, type RequestContext } from '../shared/request-context';
import { personalIdentity } from './account-identity';
import { ChangePasswordDto, DefaultOrganizationDto, EmailChangeDto, ProfileDto } from './account.dto';
import { EmailChangeService } from './email-change.service';
import { PasswordService } from './password.service';
import { ProfileService } from './profile.service';

/** Integrations a person links to their own account. Linking itself is not built: none is linked yet. */
const LINKABLE = ['slack', 'google_calendar', 'zoom', 'jira_cloud', 'webex'] as const;

@ApiTags('account')
@Controller()
export class AccountController {
  constructor(
    private readonly passwords: PasswordService,
    private readonly profiles: ProfileService,
    private readonly emailChanges: EmailChangeService,
    private readonly publicUrl: PublicUrl,
  ) {}

  @Get('api/v1/account')
  @SignedIn()
  async profile(@Req() request: Request): Promise<{ data: AccountProfile }> {
    return { data: await this.profiles.profileOf(personalIdentity(request).userId) };
  }

  /**
   * Sends a confirmation link to the new address; the email changes only when it is followed (24 h).
   * 422 for a wrong or missing current password, 400 for a malformed address or the user's own, 409 for an address another account uses.
   */
  @Post('api/v1/account/email_change')
  @SignedIn()
  @HttpCode(202)
  async requestEmailChange(
    @Body() body: EmailChangeDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: AccountProfile }> {
    const { userId } = personalIdentity(request);
    await this.emailChanges.request(userId, body, this.publicUrl.of(request), context);
    return { data: await this.profiles.profileOf(userId) };
  }

  /** The emailed link: makes the new address the sign-in email. 404 when unknown, replaced, used or expired; 409 when taken since. */
  @Post('api/v1/account/email_change/:token')
  @Public()
  async confirmEmailChange(
    @Param('token') token: string,
    @Req() request: Request,
  ): Promise<{ data: { email: string } }> {
    return { data: await this.emailChanges.confirm(token, this.publicUrl.of(request)) };
  }

  @Patch('api/v1/account')
  @SignedIn()
  async updateProfile(
    @Body() body: ProfileDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: AccountProfile }> {
    return { data: await this.profiles.rename(personalIdentity(request).userId, body.name, context) };
  }

  /** 422 `{ error: 'invalid', message, fields: { current_password?, password?, password_confirmation? } }` when refused. */
  @Put('api/v1/account/password')
  @SignedIn()
  @HttpCode(204)
  async changePassword(
    @Body() body: ChangePasswordDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<void> {
    await this.passwords.change(personalIdentity(request), body, context);
  }

  @Put('api/v1/account/default_organization')
  @SignedIn()
  @HttpCode(204)
  async setDefaultOrganization(
    @Body() body: DefaultOrganizationDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<void> {
    await this.profiles.setDefaultOrganization(personalIdentity(request).userId, body.default_organization_id, context);
  }

  /** The Slack link starts in the organization (SPEC.md section 2): its kickoff path carries the organization. */
  @Get('internal_api/v1/oauth_providers')
  @SignedIn()
  oauthProviders(@Ctx() context: RequestContext): { data: OauthProvider[] } {
    return {
      data: LINKABLE.map((name) => ({
        integration_name: name,
        linked: false,
        auth_url: name === 'slack' ? `/org/${context.orgId}/integrations/slack/oauth` : `/integrations/${name}/oauth`,
      })),
    };
  }
}
