import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

export class SignInDto {
  @ApiProperty() @IsEmail({}, { message: 'email must be a valid email' }) @MaxLength(254)
  email!: string;

  @ApiProperty() @IsString() @MinLength(1, { message: 'password is a required field' }) @MaxLength(200)
  password!: string;
}

/** Step one of sign-up: who is signing up; the link goes to `email`. */
export class StartRegistrationDto {
  @ApiProperty() @IsString() @MinLength(1, { message: 'name is a required field' }) @MaxLength(100, { message: 'name must be at most 100 characters' })
  name!: string;

  @ApiProperty() @IsEmail({}, { message: 'email must be a valid email' }) @MaxLength(254, { message: 'email must be at most 254 characters' })
  email!: string;
}

/** Step two: the emailed token, the password and the new organization. */
export class CompleteRegistrationDto {
  @ApiProperty() @IsString() @MinLength(1, { message: 'token is a required field' }) @MaxLength(200, { message: 'token must be at most 200 characters' })
  token!: string;

  @ApiProperty() @IsString() @MinLength(8, { message: 'password must be at least 8 characters' }) @MaxLength(200, { message: 'password must be at most 200 characters' })
  password!: string;

  @ApiProperty() @IsString() @MinLength(1, { message: 'password_confirmation is a required field' }) @MaxLength(200, { message: 'password_confirmation must be at most 200 characters' })
  password_confirmation!: string;

  @ApiProperty() @IsString() @MinLength(1, { message: 'organization_name is a required field' }) @MaxLength(100, { message: 'organization_name must be at most 100 characters' })
  organization_name!: string;
}

export class SwitchOrganizationDto {
  @ApiProperty() @IsString() @MinLength(1, { message: 'organization_id is a required field' }) @MaxLength(100)
  organization_id!: string;
}
