import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SelfTestRequest } from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  SELF_TEST_INTERVAL_MAX_MINUTES,
  SELF_TEST_INTERVAL_MIN_MINUTES,
  SELF_TEST_MESSAGES,
  selfTestHeartbeatProblem,
  WEBHOOK_URL_MAX_LENGTH,
} from '@tocsin/domain';
import { IsBoolean, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { IsWholeMinutes } from '../../shared/duration.validators';

/** The shape at the edge; whether the team and policy are the organization's is the decider's (the service looks). */
export class SelfTestDto implements SelfTestRequest {
  @ApiProperty()
  @IsBoolean({ message: SELF_TEST_MESSAGES.enabled })
  enabled!: boolean;

  @ApiProperty({ example: 'PT5M', description: 'ISO-8601, whole minutes from PT1M to PT24H' })
  @IsWholeMinutes(SELF_TEST_INTERVAL_MIN_MINUTES, SELF_TEST_INTERVAL_MAX_MINUTES, SELF_TEST_MESSAGES.interval)
  interval!: string;

  @ApiProperty({ description: "The team the self-test's event source routes its alerts to" })
  @IsString({ message: SELF_TEST_MESSAGES.team })
  @MaxLength(100, { message: SELF_TEST_MESSAGES.team })
  team_id!: string;

  @ApiProperty({ description: "The team's escalation policy that pages the test destination" })
  @IsString({ message: SELF_TEST_MESSAGES.policy })
  @MaxLength(100, { message: SELF_TEST_MESSAGES.policy })
  escalation_policy_id!: string;

  @ApiPropertyOptional({
    nullable: true,
    description: 'Called (GET) after each delivered round; null or empty: none; left out: the one set',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: SELF_TEST_MESSAGES.heartbeatUrl })
  @ValidateBy({
    name: 'heartbeatUrl',
    validator: {
      validate: (value: unknown) => selfTestHeartbeatProblem(value, false) === null,
      defaultMessage: () => SELF_TEST_MESSAGES.heartbeatUrl,
    },
  })
  @MaxLength(WEBHOOK_URL_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('heartbeat_url', WEBHOOK_URL_MAX_LENGTH) })
  heartbeat_url?: string | null;
}
