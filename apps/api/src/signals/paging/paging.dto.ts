import { ApiProperty } from '@nestjs/swagger';
import type { ReassignAlertRequest } from '@tocsin/contracts';
import { FIELD_MESSAGES, ID_MAX_LENGTH } from '@tocsin/domain';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class ReassignAlertDto implements ReassignAlertRequest {
  @ApiProperty({ description: 'The member who takes the alert' })
  @IsString({ message: FIELD_MESSAGES.required('user_id') })
  @MinLength(1, { message: FIELD_MESSAGES.required('user_id') })
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('user_id', ID_MAX_LENGTH) })
  user_id!: string;
}
