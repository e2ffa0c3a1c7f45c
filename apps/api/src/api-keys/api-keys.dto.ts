import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiKeyRequest, ApiKeyRotateRequest } from '@tocsin/contracts';
import { API_KEY_MESSAGES, FIELD_MESSAGES, ID_MAX_LENGTH, PERMISSIONS } from '@tocsin/domain';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsInstant } from '../shared/dto-rules';

// Names, scopes within the owner's role, the team and the instants are the decider's to judge: one place each.
export class CreateApiKeyDto implements ApiKeyRequest {
  @ApiProperty({ maxLength: 100 })
  @IsString({ message: FIELD_MESSAGES.required('name') })
  @MaxLength(1000, { message: FIELD_MESSAGES.maxLength('name', 100) })
  name!: string;

  @ApiProperty({ type: [String], enum: PERMISSIONS, description: 'Permission slugs; at most the ones your role holds' })
  @IsArray({ message: API_KEY_MESSAGES.scopesRequired })
  @ArrayMaxSize(PERMISSIONS.length, { message: API_KEY_MESSAGES.scopesRequired })
  @IsString({ each: true, message: API_KEY_MESSAGES.scopesRequired })
  @MaxLength(100, { each: true, message: API_KEY_MESSAGES.scopesRequired })
  scopes!: string[];

  @ApiPropertyOptional({ nullable: true, description: 'Restrict the key to one team' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: API_KEY_MESSAGES.teamNotFound })
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('team_id', ID_MAX_LENGTH) })
  team_id?: string | null;

  @ApiPropertyOptional({ nullable: true, example: '2027-01-01T00:00:00Z' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInstant(API_KEY_MESSAGES.expiresAt)
  expires_at?: string | null;
}

export class RotateApiKeyDto implements ApiKeyRotateRequest {
  @ApiPropertyOptional({
    description: 'Until when the replaced secret still works (ISO-8601 instant; now when left out)',
  })
  @IsOptional()
  @IsInstant(API_KEY_MESSAGES.previousValidUntil)
  previous_valid_until?: string;
}
