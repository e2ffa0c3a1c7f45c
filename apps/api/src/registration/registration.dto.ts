import { ApiProperty } from '@nestjs/swagger';
import type { CompleteRegistrationRequest, RegistrationRequest } from '@tocsin/contracts';
import {
  EMAIL_MAX_LENGTH,
  FIELD_MESSAGES,
  NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TOKEN_MAX_LENGTH,
} from '@tocsin/domain';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

const { required, maxLength, minLength, email } = FIELD_MESSAGES;

/** Step one of sign-up: who is signing up; the link goes to `email`. */
export class StartRegistrationDto implements RegistrationRequest {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: required('name') })
  @MaxLength(NAME_MAX_LENGTH, { message: maxLength('name', NAME_MAX_LENGTH) })
  name!: string;

  @ApiProperty()
  @IsEmail({}, { message: email('email') })
  @MaxLength(EMAIL_MAX_LENGTH, { message: maxLength('email', EMAIL_MAX_LENGTH) })
  email!: string;
}

/** Step two: the emailed token, the password and the new organization. */
export class CompleteRegistrationDto implements CompleteRegistrationRequest {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: required('token') })
  @MaxLength(TOKEN_MAX_LENGTH, { message: maxLength('token', TOKEN_MAX_LENGTH) })
  token!: string;

  @ApiProperty()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: minLength('password', PASSWORD_MIN_LENGTH) })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: maxLength('password', PASSWORD_MAX_LENGTH) })
  password!: string;

  @ApiProperty()
  @IsString()
  @MinLength(1, { message: required('password_confirmation') })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: maxLength('password_confirmation', PASSWORD_MAX_LENGTH) })
  password_confirmation!: string;

  @ApiProperty()
  @IsString()
  @MinLength(1, { message: required('organization_name') })
  @MaxLength(ORGANIZATION_NAME_MAX_LENGTH, { message: maxLength('organization_name', ORGANIZATION_NAME_MAX_LENGTH) })
  organization_name!: string;
}
