import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  ChangePasswordRequest,
  DefaultOrganizationRequest,
  EmailChangeRequest,
  ForgotPasswordRequest,
  ProfileRequest,
  ResetPasswordRequest,
} from '@tocsin/contracts';
import { EMAIL_MAX_LENGTH, FIELD_MESSAGES, ID_MAX_LENGTH, TEXT_MAX_LENGTH } from '@tocsin/domain';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

// Password fields are optional here on purpose: missing, short or mismatched values are refused
// together as a 422 with a message per field (password-rules.ts), the shape the web reads. So these
// DTOs implement their request Partial; the contract still names every field.

export class ChangePasswordDto implements Partial<ChangePasswordRequest> {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  current_password?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  password?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  password_confirmation?: string;
}

export class ResetPasswordDto implements Partial<ResetPasswordRequest> {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  password?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  password_confirmation?: string;
}

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @ApiProperty()
  @IsEmail({}, { message: FIELD_MESSAGES.email('email') })
  @MaxLength(EMAIL_MAX_LENGTH)
  email!: string;
}

export class DefaultOrganizationDto implements DefaultOrganizationRequest {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: FIELD_MESSAGES.required('default_organization_id') })
  @MaxLength(ID_MAX_LENGTH)
  default_organization_id!: string;
}

export class EmailChangeDto implements Partial<EmailChangeRequest> {
  @ApiProperty()
  @IsEmail({}, { message: FIELD_MESSAGES.email('email') })
  @MaxLength(EMAIL_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('email', EMAIL_MAX_LENGTH) })
  email!: string;

  // optional here so a missing one is refused with the form's own message and field (EmailChangeService)
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  current_password?: string;
}

/** Only a cap here: the decider trims the name and holds it to NAME_MAX_LENGTH in its own words. */
export class ProfileDto implements ProfileRequest {
  @ApiProperty()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  name!: string;
}
