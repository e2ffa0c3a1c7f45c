import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HealthResponse, StatusResponse } from '@tocsin/contracts';
import type { Response } from 'express';
import { Public } from '../identity/access.decorators';
import { HealthService } from './health.service';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when every component is healthy, 503 otherwise (load balancers read the status). */
  @Get('infra/health')
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    const health = await this.health.check();
    response.status(health.healthy ? 200 : 503);
    return health;
  }

  /** Public service status, statuspage-style: `{ status: { description, indicator } }`. */
  @Get('api/v1/status')
  async status(): Promise<StatusResponse> {
    return HealthService.status(await this.health.check());
  }
}
