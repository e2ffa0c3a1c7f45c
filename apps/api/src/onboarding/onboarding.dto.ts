import { BadRequestException } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { SelectIntegrationRequest } from '@tocsin/contracts';
import {
  ONBOARDING_INTEGRATION_MESSAGE,
  ONBOARDING_INTEGRATION_SLUGS,
  type OnboardingIntegration,
} from '@tocsin/domain';
import { IsIn } from 'class-validator';

export class SelectIntegrationDto implements SelectIntegrationRequest {
  @ApiProperty({ enum: ONBOARDING_INTEGRATION_SLUGS })
  @IsIn(ONBOARDING_INTEGRATION_SLUGS, { message: ONBOARDING_INTEGRATION_MESSAGE })
  integration!: OnboardingIntegration;
}

/**
 * For calls that take no payload (SPEC.md section 7 "none"): a body with fields is a mistake worth naming,
 * in the words the validation pipe uses for unknown fields, rather than something silently ignored.
 */
export function assertNoBody(body: unknown): void {
  if (body === undefined || body === null) return;
  const fields = typeof body === 'object' ? Object.keys(body) : ['body'];
  if (fields.length === 0) return;
  const problems = Object.fromEntries(fields.map((field) => [field, [`property ${field} should not exist`]]));
  throw new BadRequestException({
    error: 'invalid',
    message: `Invalid request: this call takes no body (property ${fields[0]} should not exist)`,
    fields: problems,
  });
}
