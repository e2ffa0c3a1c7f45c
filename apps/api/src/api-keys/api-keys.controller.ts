import {
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ApiKey, ApiKeysResponse, ApiKeyWithSecret } from '@tocsin/contracts';
import { DEFAULT_PER_PAGE, permissionsOf } from '@tocsin/domain';
import { teamsView } from '@tocsin/read-models';
import type { Request } from 'express';
import { RequirePermission } from '../access/access.decorators';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import { AnswerShowsSecret } from '../shared/idempotency/idempotency.interceptor';
import { NoBodyDto } from '../shared/no-body.dto';
import { PageQueryDto } from '../shared/page-query.dto';
import { Ctx, type RequestContext } from '../shared/request-context';
import { issueApiKeySecret } from './api-key-secret';
import { CreateApiKeyDto, RotateApiKeyDto } from './api-keys.dto';
import { ApiKeysService } from './api-keys.service';

/** A key never makes or renews a key: its power would outlive its own expiry or revocation. */
function refuseKey(request: Request): void {
  if (request.identity?.apiKey)
    throw new ForbiddenException({
      error: 'forbidden',
      message: 'API keys are made and rotated by a signed-in person, not by another key.',
    });
}

/**
 * API keys (`/settings/api_keys`, issue 22): `read_api_keys` to see, `manage_api_keys` to make, rotate and revoke
 * (owners). The secret is in the answers of creation and rotation only.
 */
@ApiTags('api keys')
@Controller('api/v1/api_keys')
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @RequirePermission('read_api_keys')
  list(@Query() query: PageQueryDto, @Ctx() context: RequestContext): Promise<ApiKeysResponse> {
    return this.keys.list(context.orgId, { page: query.page ?? 1, perPage: query.per_page ?? DEFAULT_PER_PAGE });
  }

  @Get(':id')
  @RequirePermission('read_api_keys')
  async find(@Param('id') id: string, @Ctx() context: RequestContext): Promise<{ data: ApiKey }> {
    return { data: await this.keys.find(context.orgId, id) };
  }

  @Post()
  @RequirePermission('manage_api_keys')
  @AnswerShowsSecret()
  async create(
    @Body() body: CreateApiKeyDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: ApiKeyWithSecret }> {
    refuseKey(request);
    const keyId = deterministicId(`${context.commandId}/api-key`);
    const { secret, ...kept } = issueApiKeySecret();
    const teamId = body.team_id ?? null;
    await this.keys.run(
      {
        type: 'CreateApiKey',
        keyId,
        ownerId: context.actorId ?? '',
        ownerPermissions: context.role ? permissionsOf(context.role) : [],
        name: body.name,
        scopes: body.scopes,
        teamId,
        teamFound: teamId !== null && (await teamsView.byId(this.store, context.orgId, teamId)) !== null,
        expiresAt: body.expires_at ?? null,
        ...kept,
        at: this.now(),
      },
      context,
    );
    return { data: { ...(await this.keys.find(context.orgId, keyId)), secret } };
  }

  /**
   * A new secret, for the key's owner alone; the old one keeps working until `previous_valid_until` (at once when
   * left out).
   */
  @Post(':id/rotate')
  @RequirePermission('manage_api_keys')
  @AnswerShowsSecret()
  async rotate(
    @Param('id') id: string,
    @Body() body: RotateApiKeyDto,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: ApiKeyWithSecret }> {
    refuseKey(request);
    const { secret, ...kept } = issueApiKeySecret();
    const at = this.now();
    await this.keys.run(
      {
        type: 'RotateApiKey',
        keyId: id,
        byUserId: context.actorId ?? '',
        ...kept,
        previousValidUntil: body.previous_valid_until ?? at,
        at,
      },
      context,
    );
    return { data: { ...(await this.keys.find(context.orgId, id)), secret } };
  }

  /** Refused at once on every process, both secrets. */
  @Delete(':id')
  @RequirePermission('manage_api_keys')
  @HttpCode(204)
  async revoke(@Param('id') id: string, @Body() _body: NoBodyDto, @Ctx() context: RequestContext): Promise<void> {
    await this.keys.run({ type: 'RevokeApiKey', keyId: id, at: this.now() }, context);
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
