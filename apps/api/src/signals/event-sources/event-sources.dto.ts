import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { EventSourceChangeRequest, EventSourceRequest, EventSourcesQuery } from '@tocsin/contracts';
import {
  AUTO_RESOLVE_MAX_MINUTES,
  AUTO_RESOLVE_MESSAGE,
  EVENT_SOURCE_FORMATS,
  EVENT_SOURCE_NAME_MAX_LENGTH,
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  RATE_LIMIT_MAX,
  RATE_LIMIT_MESSAGE,
  RATE_LIMIT_MIN,
  type EventSourceFormat,
} from '@tocsin/domain';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsWholeMinutes } from '../../shared/duration.validators';
import { PageQueryDto } from '../../shared/page-query.dto';

const FORMAT = FIELD_MESSAGES.oneOf('format', EVENT_SOURCE_FORMATS);

export class EventSourcesQueryDto extends PageQueryDto implements EventSourcesQuery {
  @ApiPropertyOptional({ enum: EVENT_SOURCE_FORMATS })
  @IsOptional()
  @IsIn(EVENT_SOURCE_FORMATS, { message: FORMAT })
  format?: EventSourceFormat;
}

// The bounds of names, limits and the quiet period are the decider's: one place for each rule.
/** The settings a source may be created with or changed to, each optional either way. */
class EventSourceSettingsDto {
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('escalation_policy_id', ID_MAX_LENGTH) })
  escalation_policy_id?: string | null;

  @ApiPropertyOptional({ minimum: 1, default: 600 })
  @IsOptional()
  @IsInt({ message: RATE_LIMIT_MESSAGE })
  @Min(RATE_LIMIT_MIN, { message: RATE_LIMIT_MESSAGE })
  @Max(RATE_LIMIT_MAX, { message: RATE_LIMIT_MESSAGE })
  rate_limit_per_minute?: number;

  @ApiPropertyOptional({
    nullable: true,
    example: 'PT30M',
    description: 'How long without a repeat before an open alert resolves (ISO-8601, whole minutes)',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsWholeMinutes(1, AUTO_RESOLVE_MAX_MINUTES, AUTO_RESOLVE_MESSAGE)
  auto_resolve_after?: string | null;
}

export class ChangeEventSourceDto extends EventSourceSettingsDto implements EventSourceChangeRequest {
  @ApiPropertyOptional({ maxLength: EVENT_SOURCE_NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('team_id', ID_MAX_LENGTH) })
  team_id?: string;
}

export class CreateEventSourceDto extends EventSourceSettingsDto implements EventSourceRequest {
  @ApiProperty({ maxLength: EVENT_SOURCE_NAME_MAX_LENGTH })
  @IsString()
  @MaxLength(1000)
  name!: string;

  @ApiProperty({ enum: EVENT_SOURCE_FORMATS })
  @IsIn(EVENT_SOURCE_FORMATS, { message: FORMAT })
  format!: EventSourceFormat;

  @ApiProperty()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('team_id', ID_MAX_LENGTH) })
  team_id!: string;

  @ApiPropertyOptional({ default: false, description: 'Payloads must carry X-Tocsin-Signature' })
  @IsOptional()
  @IsBoolean({ message: FIELD_MESSAGES.boolean('signed') })
  signed?: boolean;
}
