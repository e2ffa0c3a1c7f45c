import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { WebhookTargetChangeRequest, WebhookTargetRequest } from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  TEXT_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES_MESSAGE,
  WEBHOOK_TARGET_NAME_MAX_LENGTH,
  WEBHOOK_TEAMS_MAX,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEventType,
} from '@tocsin/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQueryDto } from '../../shared/page-query.dto';

const TEAM_IDS = `team_ids must be a list of at most ${WEBHOOK_TEAMS_MAX} team ids`;

const NAME = FIELD_MESSAGES.maxLength('name', WEBHOOK_TARGET_NAME_MAX_LENGTH);
const URL_LENGTH = FIELD_MESSAGES.maxLength('url', WEBHOOK_URL_MAX_LENGTH);

// The rules of names, URLs, event types and teams are the decider's: these only bound what reaches it.
class WebhookTargetTeamsDto {
  @ApiPropertyOptional({ type: [String], description: 'Only alerts of these teams; empty or absent: every team' })
  @IsOptional()
  @IsArray({ message: TEAM_IDS })
  @ArrayMaxSize(WEBHOOK_TEAMS_MAX, { message: TEAM_IDS })
  @IsString({ each: true, message: TEAM_IDS })
  @MaxLength(ID_MAX_LENGTH, { each: true, message: TEAM_IDS })
  team_ids?: string[];
}

export class CreateWebhookTargetDto extends WebhookTargetTeamsDto implements WebhookTargetRequest {
  @ApiProperty({ maxLength: WEBHOOK_TARGET_NAME_MAX_LENGTH })
  @IsString({ message: FIELD_MESSAGES.required('name') })
  @MaxLength(TEXT_MAX_LENGTH, { message: NAME })
  name!: string;

  @ApiProperty({ example: 'https://hooks.example.com/tocsin' })
  @IsString({ message: FIELD_MESSAGES.required('url') })
  @MaxLength(WEBHOOK_URL_MAX_LENGTH, { message: URL_LENGTH })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsArray({ message: WEBHOOK_EVENT_TYPES_MESSAGE })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 2, { message: WEBHOOK_EVENT_TYPES_MESSAGE })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: WEBHOOK_EVENT_TYPES_MESSAGE })
  event_types!: WebhookEventType[];
}

export class ChangeWebhookTargetDto extends WebhookTargetTeamsDto implements WebhookTargetChangeRequest {
  @ApiPropertyOptional({ maxLength: WEBHOOK_TARGET_NAME_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: FIELD_MESSAGES.required('name') })
  @MaxLength(TEXT_MAX_LENGTH, { message: NAME })
  name?: string;

  @ApiPropertyOptional({ example: 'https://hooks.example.com/tocsin' })
  @IsOptional()
  @IsString({ message: FIELD_MESSAGES.required('url') })
  @MaxLength(WEBHOOK_URL_MAX_LENGTH, { message: URL_LENGTH })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsOptional()
  @IsArray({ message: WEBHOOK_EVENT_TYPES_MESSAGE })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 2, { message: WEBHOOK_EVENT_TYPES_MESSAGE })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: WEBHOOK_EVENT_TYPES_MESSAGE })
  event_types?: WebhookEventType[];
}

export const WEBHOOK_EVENTS_PAGE_MAX = 100;
const AFTER = 'after must be an event id (a whole number, 0 for the first)';

/** GET .../events: `after` an event id (0: from the target's first), at most `limit` events. */
export class WebhookEventsQueryDto {
  @ApiPropertyOptional({ description: 'An event id; 0 or absent: from the first', example: '0' })
  @IsOptional()
  @Matches(/^\d{1,15}$/, { message: AFTER })
  after?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: WEBHOOK_EVENTS_PAGE_MAX, default: WEBHOOK_EVENTS_PAGE_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('limit') })
  @Min(1, { message: FIELD_MESSAGES.atLeast('limit', 1) })
  @Max(WEBHOOK_EVENTS_PAGE_MAX, { message: FIELD_MESSAGES.atMost('limit', WEBHOOK_EVENTS_PAGE_MAX) })
  limit?: number;
}

export { PageQueryDto as WebhookTargetsQueryDto };
