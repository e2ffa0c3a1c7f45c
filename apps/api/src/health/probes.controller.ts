import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import { Public } from '../access/access.decorators';
import { EngineProbe } from './engine-probe';
import { HealthService } from './health.service';

/**
 * Probes for orchestrators and load balancers (README, "Health probes"), without a session: they say up or down
 * and why, never an address or a version. 200 with terminus's report (status, info, details) when up; 503 when
 * not, in the API's error shape (`error`, `message` naming what is down) with terminus's `details` beside it.
 */
@ApiTags('health')
@Public()
@Controller('health')
export class ProbesController {
  constructor(
    private readonly checks: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly health: HealthService,
    private readonly engine: EngineProbe,
  ) {}

  @Get('live')
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness: the process answers (restart it when this fails)' })
  live() {
    return this.probe([() => this.indicators.check('process').up({ uptime_s: Math.round(process.uptime()) })]);
  }

  /** The same components as /infra/health (one check), each as an indicator, without the messages. */
  @Get('ready')
  @HealthCheck()
  @ApiOperation({
    summary: 'Readiness: event log, read models (caught up with the log) and job queue / Redis reachable',
  })
  async ready() {
    const { components } = await this.health.check();
    return this.probe(
      Object.entries(components).map(([name, component]) => () => {
        const indicator = this.indicators.check(name);
        return component.healthy ? indicator.up() : indicator.down();
      }),
    );
  }

  @Get('engine')
  @HealthCheck()
  @ApiOperation({
    summary: 'Engine: a no-op job went through the paging queue after this request (503 when none within the bound)',
  })
  engineCycle() {
    return this.probe([
      async () => {
        const cycle = await this.engine.cycle();
        const indicator = this.indicators.check('paging');
        return cycle.ok ? indicator.up({ took_ms: cycle.tookMs }) : indicator.down({ message: cycle.reason });
      },
    ]);
  }

  private async probe(indicators: HealthIndicatorFunction[]): Promise<HealthCheckResult> {
    try {
      return await this.checks.check(indicators);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      const down = Object.entries(result.error ?? {}).map(([name, indicator]) =>
        typeof indicator?.message === 'string' ? `${name} (${indicator.message})` : name,
      );
      throw new ServiceUnavailableException({ ...result, error: 'unavailable', message: `down: ${down.join(', ')}` });
    }
  }
}
