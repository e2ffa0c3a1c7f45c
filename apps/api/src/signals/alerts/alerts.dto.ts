import { ApiPropertyOptional } from '@nestjs/swagger';
import { ALERT_STATUSES, type AlertsQuery, type IngestLogsQuery } from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  INGEST_OUTCOMES,
  PRIORITIES,
  SEARCH_MAX_LENGTH,
  type IngestOutcome,
} from '@tocsin/domain';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../shared/page-query.dto';

/** A comma-separated list of the given values, any case. */
const listOf = (values: readonly string[]) => new RegExp(`^(${values.join('|')})(,(${values.join('|')}))*$`, 'i');

export class AlertsQueryDto extends PageQueryDto implements AlertsQuery {
  @ApiPropertyOptional({ description: 'triggered, acknowledged, resolved; several comma-separated' })
  @IsOptional()
  @IsString()
  @Matches(listOf(ALERT_STATUSES), { message: `status must be a list of ${ALERT_STATUSES.join(', ')}` })
  status?: string;

  @ApiPropertyOptional({ description: 'HIGH, MEDIUM, LOW; several comma-separated' })
  @IsOptional()
  @IsString()
  @Matches(listOf(PRIORITIES), { message: `priority must be a list of ${PRIORITIES.join(', ')}` })
  priority?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('source_id', ID_MAX_LENGTH) })
  source_id?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('team_id', ID_MAX_LENGTH) })
  team_id?: string;

  @ApiPropertyOptional({ description: 'Part of the summary or of a label (name=value)' })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('query', SEARCH_MAX_LENGTH) })
  query?: string;
}

export class IngestLogsQueryDto extends PageQueryDto implements IngestLogsQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('source_id', ID_MAX_LENGTH) })
  source_id?: string;

  @ApiPropertyOptional({ enum: INGEST_OUTCOMES })
  @IsOptional()
  @IsIn(INGEST_OUTCOMES, { message: FIELD_MESSAGES.oneOf('outcome', INGEST_OUTCOMES) })
  outcome?: IngestOutcome;
}
