import { Body, Controller, Inject, NotFoundException, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { organizationsView } from '@tocsin/read-models';
import type { Request, Response } from 'express';
import { SignedIn } from '../access/access.decorators';
import { SessionRegistry } from '../sessions/session-registry';
import { SessionService } from '../sessions/session.service';
import { CONFIG, READ_STORE, type AppConfig, type ReadStore } from '../runtime/ports';
import { systemContext } from '../shared/request-context';
import { assertOperator } from './operators';
import { StaffSessionDto } from './organization-admin.dto';

/**
 * Operators (ADMIN_EMAILS) open a staff session in any organization to support it: the current
 * session ends and a new one, marked staff, acts there as an owner. DELETE /sessions leaves it.
 */
@ApiTags('organization administration')
@Controller('api/v1/staff_sessions')
export class StaffSessionsController {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionService,
    private readonly registry: SessionRegistry,
  ) {}

  @Post()
  @SignedIn()
  async start(
    @Body() body: StaffSessionDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ data: { organization_id: string } }> {
    const identity = request.identity!;
    await assertOperator(this.readStore, this.config, identity.userId, 'Staff sessions are only for Tocsin operators.');
    if (!(await organizationsView.byId(this.readStore, body.organization_id))) {
      throw new NotFoundException({ error: 'not_found', message: 'Organization not found' });
    }
    await this.registry.end(identity.sessionKey, 'signed_out', systemContext(identity.orgId, identity.userId));
    await this.sessions.start(identity.userId, body.organization_id, response, true);
    return { data: { organization_id: body.organization_id } };
  }
}
