import { Body, Controller, Get, HttpCode, Patch, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AccountProfile, OauthProvider } from '@tocsin/contracts';
import type { Request } from 'express';
import { SignedIn } from '../identity/access.decorators';
import { Ctx, type RequestContext } from '../shared/request-context';
import { personalIdentity } from './account-identity';
import { ChangePasswordDto, DefaultOrganizationDto, ProfileDto } from './account.dto';
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
  ) {}

  @Patch('api/v1/account')
  @SignedIn()
  async updateProfile(@Body() body: ProfileDto, @Req() request: Request, @Ctx() context: RequestContext): Promise<{ data: AccountProfile }> {
    return { data: await this.profiles.rename(personalIdentity(request).userId, body.name, context) };
  }

  /** 422 `{ error: 'invalid', message, fields: { current_password?, password?, password_confirmation? } }` when refused. */
  @Put('api/v1/account/password')
  @SignedIn()
  @HttpCode(204)
  async changePassword(@Body() body: ChangePasswordDto, @Req() request: Request, @Ctx() context: RequestContext): Promise<void> {
    await this.passwords.change(personalIdentity(request), body, context);
  }

  @Put('api/v1/account/default_organization')
  @SignedIn()
  @HttpCode(204)
  async setDefaultOrganization(@Body() body: DefaultOrganizationDto, @Req() request: Request, @Ctx() context: RequestContext): Promise<void> {
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
