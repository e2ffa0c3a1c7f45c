import { ApiProperty } from '@nestjs/swagger';
import type { SignInRequest, SwitchOrganizationRequest } from '@tocsin/contracts';
import { EMAIL_MAX_LENGTH, FIELD_MESSAGES, ID_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@tocsin/domain';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

const { required, email } = FIELD_MESSAGES;

export class SignInDto implements SignInRequest {
  @ApiProperty()
  @IsEmail({}, { message: email('email') })
  @MaxLength(EMAIL_MAX_LENGTH)
  email!: string;

  @ApiProperty()
  @IsString()
  @MinLength(1, { message: required('password') })
  @MaxLength(PASSWORD_MAX_LENGTH)
  password!: string;
}

export class SwitchOrganizationDto implements SwitchOrganizationRequest {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: required('organization_id') })
  @MaxLength(ID_MAX_LENGTH)
  organization_id!: string;
}
