import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAINTENANCE_LIST_FILTERS,
  type MaintenanceChangeRequest,
  type MaintenanceListFilter,
  type MaintenanceRequest,
  type MaintenancesQuery,
} from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  MAINTENANCE_ANNOUNCEMENT_MAX_LENGTH,
  MAINTENANCE_NAME_MAX_LENGTH,
  MAINTENANCE_SERVICE_MAX_LENGTH,
  MAINTENANCE_SERVICES_MAX,
  MAINTENANCE_SOURCES_MAX,
  MAINTENANCE_TIME_MESSAGE,
  TEXT_MAX_LENGTH,
} from '@tocsin/domain';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../shared/page-query.dto';

const SERVICES = `services must be a list of at most ${MAINTENANCE_SERVICES_MAX} service names of at most ${MAINTENANCE_SERVICE_MAX_LENGTH} characters`;
const SOURCES = `source_ids must be a list of at most ${MAINTENANCE_SOURCES_MAX} event source or heartbeat ids`;
const NAME = FIELD_MESSAGES.maxLength('name', MAINTENANCE_NAME_MAX_LENGTH);
const ANNOUNCEMENT = FIELD_MESSAGES.maxLength('announcement', MAINTENANCE_ANNOUNCEMENT_MAX_LENGTH);

// The rules of the window, names and coverage are the decider's: these only bound what reaches it.
class MaintenanceFieldsDto {
  @ApiPropertyOptional({ type: [String], description: 'Alerts whose `service` label names one of these are held' })
  @IsOptional()
  @IsArray({ message: SERVICES })
  @ArrayMaxSize(MAINTENANCE_SERVICES_MAX, { message: SERVICES })
  @IsString({ each: true, message: SERVICES })
  @MaxLength(MAINTENANCE_SERVICE_MAX_LENGTH, { each: true, message: SERVICES })
  services?: string[];

  @ApiPropertyOptional({
    type: [String],
    description: 'Event sources and heartbeats of the organization whose alerts are held',
  })
  @IsOptional()
  @IsArray({ message: SOURCES })
  @ArrayMaxSize(MAINTENANCE_SOURCES_MAX, { message: SOURCES })
  @IsString({ each: true, message: SOURCES })
  @MaxLength(ID_MAX_LENGTH, { each: true, message: SOURCES })
  source_ids?: string[];

  @ApiPropertyOptional({ maxLength: MAINTENANCE_ANNOUNCEMENT_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: FIELD_MESSAGES.required('announcement') })
  @MaxLength(MAINTENANCE_ANNOUNCEMENT_MAX_LENGTH, { message: ANNOUNCEMENT })
  announcement?: string;
}

export class CreateMaintenanceDto extends MaintenanceFieldsDto implements MaintenanceRequest {
  @ApiProperty({ maxLength: MAINTENANCE_NAME_MAX_LENGTH })
  @IsString({ message: FIELD_MESSAGES.required('name') })
  @MaxLength(TEXT_MAX_LENGTH, { message: NAME })
  name!: string;

  @ApiProperty({ example: '2026-05-01T22:00:00Z' })
  @IsString({ message: MAINTENANCE_TIME_MESSAGE('starts_at') })
  @MaxLength(40, { message: MAINTENANCE_TIME_MESSAGE('starts_at') })
  starts_at!: string;

  @ApiProperty({ example: '2026-05-02T02:00:00Z', description: 'After starts_at, at most 30 days after it' })
  @IsString({ message: MAINTENANCE_TIME_MESSAGE('ends_at') })
  @MaxLength(40, { message: MAINTENANCE_TIME_MESSAGE('ends_at') })
  ends_at!: string;
}

export class ChangeMaintenanceDto extends MaintenanceFieldsDto implements MaintenanceChangeRequest {
  @ApiPropertyOptional({ maxLength: MAINTENANCE_NAME_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: FIELD_MESSAGES.required('name') })
  @MaxLength(TEXT_MAX_LENGTH, { message: NAME })
  name?: string;

  @ApiPropertyOptional({ example: '2026-05-01T22:00:00Z' })
  @IsOptional()
  @IsString({ message: MAINTENANCE_TIME_MESSAGE('starts_at') })
  @MaxLength(40, { message: MAINTENANCE_TIME_MESSAGE('starts_at') })
  starts_at?: string;

  @ApiPropertyOptional({ example: '2026-05-02T02:00:00Z' })
  @IsOptional()
  @IsString({ message: MAINTENANCE_TIME_MESSAGE('ends_at') })
  @MaxLength(40, { message: MAINTENANCE_TIME_MESSAGE('ends_at') })
  ends_at?: string;
}

export class MaintenancesQueryDto extends PageQueryDto implements MaintenancesQuery {
  @ApiPropertyOptional({ enum: MAINTENANCE_LIST_FILTERS })
  @IsOptional()
  @IsIn(MAINTENANCE_LIST_FILTERS, { message: FIELD_MESSAGES.oneOf('filter', MAINTENANCE_LIST_FILTERS) })
  filter?: MaintenanceListFilter;
}
