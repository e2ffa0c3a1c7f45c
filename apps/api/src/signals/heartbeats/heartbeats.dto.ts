import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { HeartbeatChangeRequest, HeartbeatRequest } from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  HEARTBEAT_GRACE_MAX_MINUTES,
  HEARTBEAT_GRACE_MESSAGE,
  HEARTBEAT_INTERVAL_MAX_MINUTES,
  HEARTBEAT_INTERVAL_MESSAGE,
  HEARTBEAT_INTERVAL_MIN_MINUTES,
  HEARTBEAT_NAME_MAX_LENGTH,
  ID_MAX_LENGTH,
} from '@tocsin/domain';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsWholeMinutes } from '../../shared/duration.validators';

// The bounds of names and durations are the decider's: one place for each rule.
class HeartbeatSettingsDto {
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('escalation_policy_id', ID_MAX_LENGTH) })
  escalation_policy_id?: string | null;

  @ApiPropertyOptional({
    example: 'PT1M',
    default: 'PT1M',
    description: 'How late a ping may be (ISO-8601, whole minutes, PT0S to PT24H)',
  })
  @IsOptional()
  @IsWholeMinutes(0, HEARTBEAT_GRACE_MAX_MINUTES, HEARTBEAT_GRACE_MESSAGE)
  grace_period?: string;
}

export class ChangeHeartbeatDto extends HeartbeatSettingsDto implements HeartbeatChangeRequest {
  @ApiPropertyOptional({ maxLength: HEARTBEAT_NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('team_id', ID_MAX_LENGTH) })
  team_id?: string;

  @ApiPropertyOptional({ example: 'PT5M' })
  @IsOptional()
  @IsWholeMinutes(HEARTBEAT_INTERVAL_MIN_MINUTES, HEARTBEAT_INTERVAL_MAX_MINUTES, HEARTBEAT_INTERVAL_MESSAGE)
  interval?: string;
}

export class CreateHeartbeatDto extends HeartbeatSettingsDto implements HeartbeatRequest {
  @ApiProperty({ maxLength: HEARTBEAT_NAME_MAX_LENGTH })
  @IsString()
  @MaxLength(1000)
  name!: string;

  @ApiProperty()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('team_id', ID_MAX_LENGTH) })
  team_id!: string;

  @ApiProperty({ example: 'PT5M', description: 'How often the job pings (ISO-8601, whole minutes, PT1M to PT168H)' })
  @IsWholeMinutes(HEARTBEAT_INTERVAL_MIN_MINUTES, HEARTBEAT_INTERVAL_MAX_MINUTES, HEARTBEAT_INTERVAL_MESSAGE)
  interval!: string;
}
