import { ApiPropertyOptional } from '@nestjs/swagger';
import { DELAY_OPTIONS, DESTINATION_TYPES, NOTIFICATION_TYPES, PRIORITIES, type Priority } from '@tocsin/domain';
import { Allow, IsIn, IsOptional } from 'class-validator';

/**
 * The fields are only let through here: the settings decider judges them (all at once, with the
 * form's 'Required' wording and against the caller's destinations), so the rules live in one place.
 * Unknown fields are still refused by the validation pipe.
 */
export class NotificationSettingDto {
  @ApiPropertyOptional({ enum: NOTIFICATION_TYPES })
  @Allow()
  notification_type?: unknown;

  @ApiPropertyOptional({ description: 'One of GET signals/destinations', example: { type: 'email', value: 'ana@example.com' }, enum: DESTINATION_TYPES })
  @Allow()
  destination?: unknown;

  @ApiPropertyOptional({ enum: DELAY_OPTIONS.map((option) => option.value) })
  @Allow()
  delay?: unknown;

  @ApiPropertyOptional({ enum: PRIORITIES })
  @Allow()
  notification_priority?: unknown;
}

export class NotificationSettingsQueryDto {
  @ApiPropertyOptional({ enum: PRIORITIES })
  @IsOptional() @IsIn(PRIORITIES, { message: `notification_priority must be one of ${PRIORITIES.join(', ')}` })
  notification_priority?: Priority;
}
