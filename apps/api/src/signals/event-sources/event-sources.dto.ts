import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { EventSourceChangeRequest, EventSourceRequest, EventSourcesQuery } from '@tocsin/contracts';
import {
  EVENT_SOURCE_FORMATS,
  EVENT_SOURCE_NAME_MAX_LENGTH,
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  type EventSourceFormat,
} from '@tocsin/domain';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
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
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('rate_limit_per_minute') })
  rate_limit_per_minute?: number;

  @ApiPropertyOptional({ nullable: true, description: 'Minutes without a repeat before an open alert resolves' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('auto_resolve_minutes') })
  auto_resolve_minutes?: number | null;
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
