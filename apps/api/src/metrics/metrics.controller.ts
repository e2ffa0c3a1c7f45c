import { Controller, Get, Inject, NotFoundException, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { METRICS_API } from '@tocsin/contracts';
import { metricsAccess } from '@tocsin/platform';
import type { Request, Response } from 'express';
import { Public } from '../access/access.decorators';
import { CONFIG, METRICS, type AppConfig, type Metrics } from '../runtime/ports';

/**
 * Prometheus's scrape of this process (the worker and the projector serve theirs on METRICS_PORT). No session:
 * the bearer METRICS_TOKEN, or, without one, this machine's loopback only (metrics-access.ts).
 */
@ApiExcludeController()
@Controller(METRICS_API)
export class MetricsController {
  constructor(
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    const remoteAddress = request.socket.remoteAddress;
    // Express's own TRUST_PROXY rule: is the peer a proxy, whatever headers it wrote?
    const trusts = request.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    const access = metricsAccess(this.config.METRICS_TOKEN, {
      remoteAddress,
      headers: request.headers,
      viaTrustedProxy: remoteAddress !== undefined && trusts(remoteAddress, 0),
    });
    if (access === 'unauthorized') {
      response.setHeader('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedException({ error: 'unauthorized', message: 'A valid metrics token is required' });
    }
    // as if absent to a caller from elsewhere, as the dev mailbox is
    if (access === 'not_here') throw new NotFoundException({ error: 'not_found', message: 'Not found' });
    const { contentType, body } = await this.metrics.text();
    response.type(contentType).send(body);
  }
}
