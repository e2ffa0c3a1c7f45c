import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type {
  AcceptInvitationRequest,
  ChangeRoleRequest,
  FeatureFlagRequest,
  InvitationRequest,
  QuotaEntitlementQuery,
  QuotaLimitRequest,
  RenameOrganizationRequest,
  StaffSessionRequest,
} from '@tocsin/contracts';
import {
  EMAIL_MAX_LENGTH,
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  QUOTA_NAMES,
  ROLES,
  type QuotaName,
  type Role,
} from '@tocsin/domain';
import {
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';

const { required, maxLength, minLength, oneOf } = FIELD_MESSAGES;
const ROLE_MESSAGE = oneOf('role', ROLES);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ChangeRoleDto implements ChangeRoleRequest {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role!: Role;
}

export class InvitationDto implements InvitationRequest {
  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: FIELD_MESSAGES.email('email') })
  @MaxLength(EMAIL_MAX_LENGTH, { message: maxLength('email', EMAIL_MAX_LENGTH) })
  email!: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: ROLE_MESSAGE })
  role!: Role;
}

/** Signed in as the invitee: empty. Signing up: name and password (checked in the controller, as they depend on the session). */
export class AcceptInvitationDto implements AcceptInvitationRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(1, { message: required('name') })
  @MaxLength(NAME_MAX_LENGTH, { message: maxLength('name', NAME_MAX_LENGTH) })
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(PASSWORD_MIN_LENGTH, { message: minLength('password', PASSWORD_MIN_LENGTH) })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: maxLength('password', PASSWORD_MAX_LENGTH) })
  password?: string;
}

export class RenameOrganizationDto implements RenameOrganizationRequest {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: required('name') })
  @MaxLength(ORGANIZATION_NAME_MAX_LENGTH, { message: maxLength('name', ORGANIZATION_NAME_MAX_LENGTH) })
  name!: string;
}

export class FeatureFlagDto implements FeatureFlagRequest {
  @ApiProperty()
  @IsBoolean({ message: FIELD_MESSAGES.boolean('enabled') })
  enabled!: boolean;
}

export class EntitlementQueryDto implements QuotaEntitlementQuery {
  @ApiProperty({ enum: ['quota'] })
  @IsIn(['quota'], { message: 'type must be quota' })
  type!: 'quota';

  @ApiProperty({ enum: QUOTA_NAMES })
  @IsIn(QUOTA_NAMES, { message: oneOf('name', QUOTA_NAMES) })
  name!: QuotaName;
}

export class QuotaLimitDto implements QuotaLimitRequest {
  /** Checked by the decider (a whole number in bounds, or null): here only present. */
  @ApiProperty({ type: Number, nullable: true, description: "A whole number, or null for the tier's limit" })
  @ValidateIf((dto: QuotaLimitDto) => dto.maximum !== null)
  @IsDefined({ message: "maximum is a required field (a whole number, or null for the tier's limit)" })
  maximum!: number | null;
}

export class StaffSessionDto implements StaffSessionRequest {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: required('organization_id') })
  @MaxLength(ID_MAX_LENGTH)
  organization_id!: string;
}
