import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

// Password fields are optional here on purpose: missing, short or mismatched values are refused
// together as a 422 with a message per field (password-rules.ts), the shape the web reads.

export class ChangePasswordDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000)
  current_password?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000)
  password?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000)
  password_confirmation?: string;
}

export class ResetPasswordDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000)
  password?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000)
  password_confirmation?: string;
}

export class ForgotPasswordDto {
  @ApiProperty() @IsEmail({}, { message: 'email must be a valid email' }) @MaxLength(254)
  email!: string;
}

export class DefaultOrganizationDto {
  @ApiProperty() @IsString() @MinLength(1, { message: 'default_organization_id is a required field' }) @MaxLength(100)
  default_organization_id!: string;
}

export class EmailChangeDto {
  @ApiProperty() @IsEmail({}, { message: 'email must be a valid email' }) @MaxLength(254, { message: 'email must be at most 254 characters' })
  email!: string;

  // optional here so a missing one is refused with the form's own message and field (EmailChangeService)
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000)
  current_password?: string;
}

export class ProfileDto {
  @ApiProperty() @IsString() @MaxLength(1000)
  name!: string;
}
