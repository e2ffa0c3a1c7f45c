import { ApiPropertyOptional } from '@nestjs/swagger';
import type { HandoffNotificationRequest } from '@tocsin/contracts';
import {
  HOURS_SETTINGS,
  MAX_NOTIFY_BEFORE_MINUTES,
  NOTIFICATION_TYPES,
  WORKDAYS_SETTINGS,
  WORKING_HOURS_DEFAULTS,
} from '@tocsin/domain';
import { Allow } from 'class-validator';
import type { Unchecked } from '../shared/unchecked';

/** Let through to the handoff decider, which judges every field at once and fills the working-hours defaults. */
export class HandoffNotificationDto implements Unchecked<HandoffNotificationRequest> {
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_NOTIFY_BEFORE_MINUTES, example: 30 })
  @Allow()
  notify_before_minutes!: unknown;
  @ApiPropertyOptional({ enum: NOTIFICATION_TYPES }) @Allow() notification_type!: unknown;
  @ApiPropertyOptional({ enum: HOURS_SETTINGS, default: WORKING_HOURS_DEFAULTS.hours_setting })
  @Allow()
  hours_setting!: unknown;
  @ApiPropertyOptional({ enum: WORKDAYS_SETTINGS, default: WORKING_HOURS_DEFAULTS.workdays })
  @Allow()
  workdays!: unknown;
  @ApiPropertyOptional({ default: WORKING_HOURS_DEFAULTS.start_time }) @Allow() start_time!: unknown;
  @ApiPropertyOptional({ default: WORKING_HOURS_DEFAULTS.end_time }) @Allow() end_time!: unknown;
  @ApiPropertyOptional({ default: WORKING_HOURS_DEFAULTS.time_zone }) @Allow() time_zone!: unknown;
  @ApiPropertyOptional({ default: WORKING_HOURS_DEFAULTS.days }) @Allow() days!: unknown;
}
