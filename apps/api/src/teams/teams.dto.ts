import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PERMISSIONS } from '@tocsin/domain';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

// Query strings carry text: 'true' and 'false' become booleans, anything else stays and is refused.
const queryBoolean = Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));
const PERMISSIONS_MESSAGE = 'permissions must be a list of permission slugs';

export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional() @Type(() => Number) @IsInt({ message: 'page must be a whole number' }) @Min(1, { message: 'page must be at least 1' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional() @Type(() => Number) @IsInt({ message: 'per_page must be a whole number' }) @Min(1, { message: 'per_page must be at least 1' }) @Max(100, { message: 'per_page must be at most 100' })
  per_page?: number;
}

export class TeamsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Only the caller's teams" })
  @IsOptional() @queryBoolean @IsBoolean({ message: 'my_teams must be true or false' })
  my_teams?: boolean;

  @ApiPropertyOptional({ description: 'Only id and name' })
  @IsOptional() @queryBoolean @IsBoolean({ message: 'lite must be true or false' })
  lite?: boolean;
}

export class MemberOptionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of a name or email' })
  @IsOptional() @IsString() @MaxLength(200, { message: 'query must be at most 200 characters' })
  query?: string;
}

// The team name's bounds (required after trimming, at most 100) are the decider's: one place for the rule.
export class CreateTeamDto {
  @ApiProperty({ maxLength: 100 })
  @IsString()
  name!: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional() @IsBoolean({ message: 'restrict_signals_resource_management must be true or false' })
  restrict_signals_resource_management?: boolean;
}

export class ChangeTeamDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional() @IsString()
  name?: string;

  @ApiPropertyOptional()
  @IsOptional() @IsBoolean({ message: 'restrict_signals_resource_management must be true or false' })
  restrict_signals_resource_management?: boolean;
}

export class MemberPermissionsDto {
  @ApiProperty({ enum: PERMISSIONS, isArray: true })
  @IsArray({ message: PERMISSIONS_MESSAGE }) @ArrayMaxSize(PERMISSIONS.length * 2, { message: PERMISSIONS_MESSAGE }) @IsString({ each: true, message: PERMISSIONS_MESSAGE })
  permissions!: string[];
}

export class AddMemberDto extends MemberPermissionsDto {
  @ApiProperty()
  @IsString() @MinLength(1, { message: 'user_id is a required field' }) @MaxLength(200, { message: 'user_id must be at most 200 characters' })
  user_id!: string;
}
