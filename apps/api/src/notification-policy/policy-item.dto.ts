import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { NotificationPolicyItemChangeRequest, NotificationPolicyItemRequest } from '@tocsin/contracts';
import {
  isIsoDuration,
  NOTIFICATION_GROUP_METHODS,
  POLICY_ITEM_MESSAGES,
  PRIORITIES,
  type NotificationGroupMethod,
  type Priority,
} from '@tocsin/domain';
import { IsIn, ValidateBy } from 'class-validator';
import { Given } from '../shared/dto-rules';

/** The decider's own test of duration text (libs/domain shared/duration.ts), refused in its words. */
const IsIsoDuration = () =>
  ValidateBy({
    name: 'isoDuration',
    validator: {
      validate: (value: unknown) => isIsoDuration(value),
      defaultMessage: () => POLICY_ITEM_MESSAGES.max_delay,
    },
  });

export class CreatePolicyItemDto implements NotificationPolicyItemRequest {
  @ApiProperty({ enum: PRIORITIES })
  @IsIn(PRIORITIES, { message: POLICY_ITEM_MESSAGES.priority })
  priority!: Priority;

  @ApiProperty({ enum: NOTIFICATION_GROUP_METHODS })
  @IsIn(NOTIFICATION_GROUP_METHODS, { message: POLICY_ITEM_MESSAGES.notification_group_method })
  notification_group_method!: NotificationGroupMethod;

  @ApiProperty({ example: 'PT5M' })
  @IsIsoDuration()
  max_delay!: string;
}

/** A field left out keeps its value; null is not a way to leave it out (an item has all three). */
export class ChangePolicyItemDto implements NotificationPolicyItemChangeRequest {
  @ApiPropertyOptional({ enum: PRIORITIES })
  @Given()
  @IsIn(PRIORITIES, { message: POLICY_ITEM_MESSAGES.priority })
  priority?: Priority;

  @ApiPropertyOptional({ enum: NOTIFICATION_GROUP_METHODS })
  @Given()
  @IsIn(NOTIFICATION_GROUP_METHODS, { message: POLICY_ITEM_MESSAGES.notification_group_method })
  notification_group_method?: NotificationGroupMethod;

  @ApiPropertyOptional({ example: 'PT10M' })
  @Given()
  @IsIsoDuration()
  max_delay?: string;
}
