import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HealthResponse, PublicHealthResponse, StatusResponse } from '@tocsin/contracts';
import type { Request, Response } from 'express';
import { Public } from '../access/access.decorators';
import { isOperator } from '../organization-admin/operators';
import { CONFIG, READ_STORE, type AppConfig, type ReadStore } from '../runtime/ports';
import { HealthService } from './health.service';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * 200 when every component is healthy, 503 otherwise (load balancers read the status). Anonymous
   * callers get the verdicts only; signed-in ones the messages and adapters; operators also the host and versions.
   */
  @Get('infra/health')
  async check(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HealthResponse | PublicHealthResponse> {
    const health = await this.health.check();
    response.status(health.healthy ? 200 : 503);
    if (!request.identity) return HealthService.forAnonymous(health);
    // an operator's key is a machine with scopes, not the operator (public route: no guard check ran)
    const operator =
      !request.identity.apiKey && (await isOperator(this.readStore, this.config, request.identity.userId));
    return operator ? health : HealthService.forMember(health);
  }

  /** Public service status, statuspage-style: `{ status: { description, indicator } }`. */
  @Get('api/v1/status')
  async status(): Promise<StatusResponse> {
    return HealthService.status(await this.health.check());
  }
}
