import { Body, Controller, Delete, ForbiddenException, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Invitation, InvitationPreview } from '@tocsin/contracts';
import type { Request, Response } from 'express';
import { Public, RequirePermission } from '../access/access.decorators';
import { KEY_IS_NO_PERSON } from '../access/access.guard';
import { PublicUrl } from '../shared/public-url';
import { Ctx, type RequestContext } from '../shared/request-context';
import { InvitationAcceptanceService } from './invitation-acceptance.service';
import { InvitationsService } from './invitations.service';
import { AcceptInvitationDto, InvitationDto } from './organization-admin.dto';

@ApiTags('organization administration')
@Controller('api/v1/invitations')
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly acceptance: InvitationAcceptanceService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /** Emails a link that works once, for 7 days. */
  @Post()
  @RequirePermission('manage_users')
  async invite(
    @Body() body: InvitationDto,
    @Ctx() context: RequestContext,
    @Req() request: Request,
  ): Promise<{ data: Invitation }> {
    return { data: await this.invitations.send(body.email, body.role, context, this.publicUrl.of(request)) };
  }

  @Get()
  @RequirePermission('read_users')
  async pending(@Ctx() context: RequestContext): Promise<{ data: Invitation[] }> {
    return { data: await this.invitations.listPending(context.orgId) };
  }

  @Delete(':id')
  @RequirePermission('manage_users')
  @HttpCode(204)
  async revoke(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.invitations.revoke(id, context);
  }

  /** The accept page: which organization, for which address. The token is the credential. */
  @Get(':token')
  @Public()
  async preview(@Param('token') token: string): Promise<{ data: InvitationPreview }> {
    return { data: await this.invitations.preview(token) };
  }

  @Post(':token/accept')
  @Public()
  async accept(
    @Param('token') token: string,
    @Body() body: AcceptInvitationDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ data: { organization_id: string } }> {
    // public (a new person has no session yet), so the guard's key checks did not run: joining is a person's act
    if (request.identity?.apiKey) throw new ForbiddenException(KEY_IS_NO_PERSON);
    return { data: await this.acceptance.accept(token, body, request.identity, response) };
  }
}
