import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ROLES, type Role } from '@tocsin/domain';
import { IsBoolean, IsDefined, IsEmail, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';

const ROLE_MESSAGE = `role must be one of ${ROLES.join(', ')}`;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt({ message: 'page must be a whole number' }) @Min(1, { message: 'page must be at least 1' })
  page?: number;

  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt({ message: 'per_page must be a whole number' }) @Min(1) @Max(100, { message: 'per_page must be at most 100' })
  per_page?: number;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: ROLES }) @IsIn(ROLES, { message: ROLE_MESSAGE })
  role!: Role;
}

export class InvitationDto {
  @ApiProperty() @Transform(trim) @IsEmail({}, { message: 'email must be a valid email' }) @MaxLength(254, { message: 'email must be at most 254 characters' })
  email!: string;

  @ApiProperty({ enum: ROLES }) @IsIn(ROLES, { message: ROLE_MESSAGE })
  role!: Role;
}

/** Signed in as the invitee: empty. Signing up: name and password (checked in the controller, as they depend on the session). */
export class AcceptInvitationDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MinLength(1, { message: 'name is a required field' }) @MaxLength(100, { message: 'name must be at most 100 characters' })
  name?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MinLength(8, { message: 'password must be at least 8 characters' }) @MaxLength(200, { message: 'password must be at most 200 characters' })
  password?: string;
}

export class RenameOrganizationDto {
  @ApiProperty() @IsString() @MinLength(1, { message: 'name is a required field' }) @MaxLength(100, { message: 'name must be at most 100 characters' })
  name!: string;
}

export class FeatureFlagDto {
  @ApiProperty() @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;
}

export class EntitlementQueryDto {
  @ApiProperty({ enum: ['quota'] }) @IsIn(['quota'], { message: 'type must be quota' })
  type!: 'quota';

  @ApiProperty({ enum: ['runbooks', 'service_limit'] }) @IsIn(['runbooks', 'service_limit'], { message: 'name must be one of runbooks, service_limit' })
  name!: 'runbooks' | 'service_limit';
}

export class QuotaLimitDto {
  /** Checked by the decider (a whole number in bounds, or null): here only present. */
  @ApiProperty({ type: Number, nullable: true, description: "A whole number, or null for the tier's limit" })
  @ValidateIf((dto: QuotaLimitDto) => dto.maximum !== null)
  @IsDefined({ message: "maximum is a required field (a whole number, or null for the tier's limit)" })
  maximum!: number | null;
}

export class StaffSessionDto {
  @ApiProperty() @IsString() @MinLength(1, { message: 'organization_id is a required field' }) @MaxLength(100)
  organization_id!: string;
}
