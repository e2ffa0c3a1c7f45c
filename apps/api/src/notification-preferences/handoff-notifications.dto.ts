import { ApiPropertyOptional } from '@nestjs/swagger';
import { NOTIFICATION_TYPES, WORKING_HOURS_DEFAULTS } from '@tocsin/domain';
import { Allow } from 'class-validator';

/** Let through to the handoff decider, which judges every field at once and fills the working-hours defaults. */
export class HandoffNotificationDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 10080, example: 30 }) @Allow() notify_before_minutes?: unknown;
  @ApiPropertyOptional({ enum: NOTIFICATION_TYPES }) @Allow() notification_type?: unknown;
  @ApiPropertyOptional({ enum: ['standard', 'custom'], default: WORKING_HOURS_DEFAULTS.hours_setting }) @Allow() hours_setting?: unknown;
  @ApiPropertyOptional({ enum: ['weekdays', 'custom'], default: WORKING_HOURS_DEFAULTS.workdays }) @Allow() workdays?: unknown;
  @ApiPropertyOptional({ default: WORKING_HOURS_DEFAULTS.start_time }) @Allow() start_time?: unknown;
  @ApiPropertyOptional({ default: WORKING_HOURS_DEFAULTS.end_time }) @Allow() end_time?: unknown;
  @ApiPropertyOptional({ default: WORKING_HOURS_DEFAULTS.time_zone }) @Allow() time_zone?: unknown;
  @ApiPropertyOptional({ default: WORKING_HOURS_DEFAULTS.days }) @Allow() days?: unknown;
}
