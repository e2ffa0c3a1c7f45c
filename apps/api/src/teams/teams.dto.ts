import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  TeamChangeRequest,
  TeamMemberOptionsQuery,
  TeamMemberPermissionsRequest,
  TeamMembershipRequest,
  TeamRequest,
  TeamsQuery,
} from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  PERMISSIONS,
  SEARCH_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TEAM_PERMISSIONS_MESSAGE,
  type Permission,
} from '@tocsin/domain';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto } from '../shared/page-query.dto';

// Query strings carry text: 'true' and 'false' become booleans, anything else stays and is refused.
const queryBoolean = Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));
const RESTRICT = 'restrict_signals_resource_management';

export class TeamsQueryDto extends PageQueryDto implements TeamsQuery {
  @ApiPropertyOptional({ description: "Only the caller's teams" })
  @IsOptional()
  @queryBoolean
  @IsBoolean({ message: FIELD_MESSAGES.boolean('my_teams') })
  my_teams?: boolean;

  @ApiPropertyOptional({ description: 'Only id and name' })
  @IsOptional()
  @queryBoolean
  @IsBoolean({ message: FIELD_MESSAGES.boolean('lite') })
  lite?: boolean;
}

export class MemberOptionsQueryDto extends PageQueryDto implements TeamMemberOptionsQuery {
  @ApiPropertyOptional({ description: 'Part of a name or email' })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('query', SEARCH_MAX_LENGTH) })
  query?: string;
}

// The team name's bounds (required after trimming, at most 100) are the decider's: one place for the rule.
export class CreateTeamDto implements TeamRequest {
  @ApiProperty({ maxLength: TEAM_NAME_MAX_LENGTH })
  @IsString()
  name!: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: FIELD_MESSAGES.boolean(RESTRICT) })
  restrict_signals_resource_management?: boolean;
}

export class ChangeTeamDto implements TeamChangeRequest {
  @ApiPropertyOptional({ maxLength: TEAM_NAME_MAX_LENGTH })
  @IsOptional()
  @IsString()
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: FIELD_MESSAGES.boolean(RESTRICT) })
  restrict_signals_resource_management?: boolean;
}

/** Only a list of text here: the decider names the slugs it does not know. */
export class MemberPermissionsDto implements TeamMemberPermissionsRequest {
  @ApiProperty({ enum: PERMISSIONS, isArray: true })
  @IsArray({ message: TEAM_PERMISSIONS_MESSAGE })
  @ArrayMaxSize(PERMISSIONS.length * 2, { message: TEAM_PERMISSIONS_MESSAGE })
  @IsString({ each: true, message: TEAM_PERMISSIONS_MESSAGE })
  permissions!: Permission[];
}

export class AddMemberDto extends MemberPermissionsDto implements TeamMembershipRequest {
  @ApiProperty()
  @IsString()
  @MinLength(1, { message: FIELD_MESSAGES.required('user_id') })
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('user_id', ID_MAX_LENGTH) })
  user_id!: string;
}
