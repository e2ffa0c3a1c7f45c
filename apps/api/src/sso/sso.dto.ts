import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SsoDomainVerifyRequest, SsoSettingsRequest, SsoSignInRequest } from '@tocsin/contracts';
import {
  EMAIL_MAX_LENGTH,
  FIELD_MESSAGES,
  MAX_SSO_DOMAINS,
  SSO_CLIENT_ID_MAX_LENGTH,
  SSO_CLIENT_SECRET_MAX_LENGTH,
  SSO_DOMAIN_MAX_LENGTH,
  SSO_DOMAIN_VERIFIERS,
  SSO_ISSUER_MAX_LENGTH,
  SSO_TOO_MANY_DOMAINS,
  type SsoDomainVerifier,
} from '@tocsin/domain';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';

const { required, maxLength } = FIELD_MESSAGES;
const DOMAINS_MESSAGE = 'domains must be a list of email domains';

/** Shapes only: the decider checks the issuer and the domains themselves. */
export class SsoSettingsDto implements SsoSettingsRequest {
  @ApiProperty({ example: 'https://login.example.com' })
  @IsString({ message: required('issuer') })
  @MinLength(1, { message: required('issuer') })
  @MaxLength(SSO_ISSUER_MAX_LENGTH, { message: maxLength('issuer', SSO_ISSUER_MAX_LENGTH) })
  issuer!: string;

  @ApiProperty()
  @IsString({ message: required('client_id') })
  @MinLength(1, { message: required('client_id') })
  @MaxLength(SSO_CLIENT_ID_MAX_LENGTH, { message: maxLength('client_id', SSO_CLIENT_ID_MAX_LENGTH) })
  client_id!: string;

  @ApiPropertyOptional({ description: 'Left out keeps the stored secret' })
  @IsOptional()
  @IsString({ message: 'client_secret must be text' })
  @MaxLength(SSO_CLIENT_SECRET_MAX_LENGTH, { message: maxLength('client_secret', SSO_CLIENT_SECRET_MAX_LENGTH) })
  client_secret?: string;

  @ApiProperty({ example: ['example.com'] })
  @IsArray({ message: DOMAINS_MESSAGE })
  @ArrayMaxSize(MAX_SSO_DOMAINS, { message: SSO_TOO_MANY_DOMAINS })
  @IsString({ each: true, message: DOMAINS_MESSAGE })
  @MaxLength(SSO_DOMAIN_MAX_LENGTH, {
    each: true,
    message: `each domain must be at most ${SSO_DOMAIN_MAX_LENGTH} characters`,
  })
  domains!: string[];

  @ApiProperty()
  @IsBoolean({ message: FIELD_MESSAGES.boolean('enabled') })
  enabled!: boolean;
}

export class SsoSignInDto implements SsoSignInRequest {
  @ApiProperty()
  @IsEmail({}, { message: FIELD_MESSAGES.email('email') })
  @MaxLength(EMAIL_MAX_LENGTH, { message: maxLength('email', EMAIL_MAX_LENGTH) })
  email!: string;
}

export class SsoDomainVerifyDto implements SsoDomainVerifyRequest {
  @ApiPropertyOptional({
    enum: SSO_DOMAIN_VERIFIERS,
    description: 'operator: a Tocsin operator in a staff session vouches for the domain without DNS',
  })
  @IsOptional()
  @IsIn(SSO_DOMAIN_VERIFIERS, { message: 'by must be dns or operator' })
  by?: SsoDomainVerifier;
}
