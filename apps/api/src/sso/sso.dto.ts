import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** Shapes only: the decider checks the issuer and the domains themselves. */
export class SsoSettingsDto {
  @ApiProperty({ example: 'https://login.example.com' }) @IsString({ message: 'issuer is a required field' }) @MinLength(1, { message: 'issuer is a required field' }) @MaxLength(500, { message: 'issuer must be at most 500 characters' })
  issuer!: string;

  @ApiProperty() @IsString({ message: 'client_id is a required field' }) @MinLength(1, { message: 'client_id is a required field' }) @MaxLength(300, { message: 'client_id must be at most 300 characters' })
  client_id!: string;

  @ApiPropertyOptional({ description: 'Left out keeps the stored secret' }) @IsOptional() @IsString({ message: 'client_secret must be text' }) @MaxLength(500, { message: 'client_secret must be at most 500 characters' })
  client_secret?: string;

  @ApiProperty({ example: ['example.com'] }) @IsArray({ message: 'domains must be a list of email domains' }) @ArrayMaxSize(20, { message: 'domains must list at most 20 email domains' })
  @IsString({ each: true, message: 'domains must be a list of email domains' }) @MaxLength(253, { each: true, message: 'each domain must be at most 253 characters' })
  domains!: string[];

  @ApiProperty() @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;
}

export class SsoSignInDto {
  @ApiProperty() @IsEmail({}, { message: 'email must be a valid email' }) @MaxLength(254, { message: 'email must be at most 254 characters' })
  email!: string;
}

export class SsoDomainVerifyDto {
  @ApiPropertyOptional({ enum: ['dns', 'operator'], description: 'operator: a Tocsin operator in a staff session vouches for the domain without DNS' })
  @IsOptional() @IsIn(['dns', 'operator'], { message: 'by must be dns or operator' })
  by?: 'dns' | 'operator';
}
