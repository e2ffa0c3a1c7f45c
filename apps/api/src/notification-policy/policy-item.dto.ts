import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NOTIFICATION_GROUP_METHODS, PRIORITIES, type NotificationGroupMethod, type Priority } from '@tocsin/domain';
import { IsIn, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

const ISO_DURATION = /^PT(?=\d)(\d+H)?(\d+M)?(\d+S)?$/;
const DURATION_MESSAGE = 'max_delay must be an ISO-8601 duration such as PT5M';

export class CreatePolicyItemDto {
  @ApiProperty({ enum: PRIORITIES })
  @IsIn(PRIORITIES, { message: `priority must be one of ${PRIORITIES.join(', ')}` })
  priority!: Priority;

  @ApiProperty({ enum: NOTIFICATION_GROUP_METHODS })
  @IsIn(NOTIFICATION_GROUP_METHODS, { message: `notification_group_method must be one of ${NOTIFICATION_GROUP_METHODS.join(', ')}` })
  notification_group_method!: NotificationGroupMethod;

  @ApiProperty({ example: 'PT5M' })
  @IsString({ message: DURATION_MESSAGE }) @MaxLength(20, { message: DURATION_MESSAGE }) @Matches(ISO_DURATION, { message: DURATION_MESSAGE })
  max_delay!: string;
}

/** A field left out keeps its value; null is not a way to leave it out (an item has all three). */
const Given = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);

export class ChangePolicyItemDto {
  @ApiPropertyOptional({ enum: PRIORITIES })
  @Given() @IsIn(PRIORITIES, { message: `priority must be one of ${PRIORITIES.join(', ')}` })
  priority?: Priority;

  @ApiPropertyOptional({ enum: NOTIFICATION_GROUP_METHODS })
  @Given() @IsIn(NOTIFICATION_GROUP_METHODS, { message: `notification_group_method must be one of ${NOTIFICATION_GROUP_METHODS.join(', ')}` })
  notification_group_method?: NotificationGroupMethod;

  @ApiPropertyOptional({ example: 'PT10M' })
  @Given() @IsString({ message: DURATION_MESSAGE }) @MaxLength(20, { message: DURATION_MESSAGE }) @Matches(ISO_DURATION, { message: DURATION_MESSAGE })
  max_delay?: string;
}
