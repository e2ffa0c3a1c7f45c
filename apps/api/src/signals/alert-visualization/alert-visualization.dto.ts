import { ApiPropertyOptional } from '@nestjs/swagger';
import { ALERT_CHART_BUCKETS, type AlertVisualizationQuery } from '@tocsin/contracts';
import { FIELD_MESSAGES, ID_MAX_LENGTH } from '@tocsin/domain';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsInstant } from '../../shared/dto-rules';

const dateTime = (field: string) => `${field} must be an ISO-8601 date/time`;

/** Filters of GET /api/v1/signals/alert_visualization. */
export class AlertVisualizationQueryDto implements AlertVisualizationQuery {
  @ApiPropertyOptional({ description: 'ISO-8601 instant; default: 7 days before `to`' })
  @IsOptional()
  @IsInstant(dateTime('from'))
  from?: string;

  @ApiPropertyOptional({ description: 'ISO-8601 instant; default: now' })
  @IsOptional()
  @IsInstant(dateTime('to'))
  to?: string;

  @ApiPropertyOptional({ enum: ALERT_CHART_BUCKETS, description: 'default: PT1H up to 2 days, P1D beyond' })
  @IsOptional()
  @IsIn(ALERT_CHART_BUCKETS, { message: FIELD_MESSAGES.oneOf('bucket', ALERT_CHART_BUCKETS) })
  bucket?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('team_id', ID_MAX_LENGTH) })
  team_id?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('source_id', ID_MAX_LENGTH) })
  source_id?: string;
}
