import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SelfTestChannelKind, SelfTestRequest } from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  SELF_TEST_CHANNELS,
  SELF_TEST_INTERVAL_MAX_MINUTES,
  SELF_TEST_INTERVAL_MIN_MINUTES,
  SELF_TEST_MESSAGES,
  selfTestHeartbeatProblem,
  WEBHOOK_URL_MAX_LENGTH,
} from '@tocsin/domain';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { IsWholeMinutes } from '../../shared/duration.validators';

/** The shape at the edge; the addresses' own rules are the domain's (rules.ts), checked by the service. */
export class SelfTestDto implements SelfTestRequest {
  @ApiProperty()
  @IsBoolean({ message: SELF_TEST_MESSAGES.enabled })
  enabled!: boolean;

  @ApiProperty({ example: 'PT5M', description: 'ISO-8601, whole minutes from PT1M to PT24H' })
  @IsWholeMinutes(SELF_TEST_INTERVAL_MIN_MINUTES, SELF_TEST_INTERVAL_MAX_MINUTES, SELF_TEST_MESSAGES.interval)
  interval!: string;

  @ApiProperty({ enum: SELF_TEST_CHANNELS })
  @IsIn(SELF_TEST_CHANNELS, { message: SELF_TEST_MESSAGES.channel })
  channel!: SelfTestChannelKind;

  @ApiPropertyOptional({
    description:
      'An email address (email) or an incoming-webhook URL (slack, microsoft_teams); left out: the one set, for the same channel',
  })
  @IsOptional()
  @IsString({ message: SELF_TEST_MESSAGES.destinationRequired })
  @MaxLength(WEBHOOK_URL_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('destination', WEBHOOK_URL_MAX_LENGTH) })
  destination?: string;

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
