import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ChangeIncidentRequest, DeclareIncidentRequest } from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  FOLLOW_UP_STATUSES,
  ID_MAX_LENGTH,
  INCIDENT_FIELD_NAMES,
  INCIDENT_ITEM_MAX_LENGTH,
  INCIDENT_LABEL_VALUE_MAX_LENGTH,
  INCIDENT_LABELS_MAX,
  INCIDENT_LIST_MAX_ITEMS,
  INCIDENT_NAMES_PEOPLE_MAX,
  INCIDENT_STATUSES,
  INCIDENT_TEXT_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  TEXT_MAX_LENGTH,
  type FollowUpStatus,
} from '@tocsin/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsInstant, stacked } from '../../shared/dto-rules';
import { PageQueryDto } from '../../shared/page-query.dto';

const Id = (field: string) => MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength(field, ID_MAX_LENGTH) });
const NullOr = () => ValidateIf((_, value) => value !== null);
const Time = (field: string) => IsInstant(`${field} must be an ISO-8601 time`);

/** A JSON object of text values (labels): the decider bounds how many and how long. */
const IsTextRecord = () =>
  ValidateBy({
    name: 'textRecord',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).length <= INCIDENT_LABELS_MAX &&
        Object.values(value).every((v) => typeof v === 'string' && v.length <= INCIDENT_LABEL_VALUE_MAX_LENGTH),
      defaultMessage: () => `labels must be an object of at most ${INCIDENT_LABELS_MAX} text values`,
    },
  });

const TextList = (field: string) =>
  stacked(
    IsArray({ message: `${field} must be a list of text` }),
    ArrayMaxSize(INCIDENT_LIST_MAX_ITEMS, { message: `${field} must have at most ${INCIDENT_LIST_MAX_ITEMS} items` }),
    IsString({ each: true, message: `${field} must be a list of text` }),
    MaxLength(INCIDENT_ITEM_MAX_LENGTH, {
      each: true,
      message: `each of ${field} must be 1 to ${INCIDENT_ITEM_MAX_LENGTH} characters`,
    }),
  );

/** The editable fields; the decider checks them against the organization's settings (and the type's required fields). */
class IncidentFieldsDto {
  @ApiPropertyOptional({ maxLength: INCIDENT_TEXT_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(INCIDENT_TEXT_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('summary', INCIDENT_TEXT_MAX_LENGTH) })
  summary?: string;

  @ApiPropertyOptional({ maxLength: INCIDENT_TEXT_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(INCIDENT_TEXT_MAX_LENGTH, {
    message: FIELD_MESSAGES.maxLength('customer_impact', INCIDENT_TEXT_MAX_LENGTH),
  })
  customer_impact?: string;

  @ApiPropertyOptional({ nullable: true, example: 'sev2', description: 'A severity id of the incident settings' })
  @IsOptional()
  @NullOr()
  @IsString()
  @Id('severity_id')
  severity_id?: string | null;

  @ApiPropertyOptional({ nullable: true, example: 'p2' })
  @IsOptional()
  @NullOr()
  @IsString()
  @Id('priority_id')
  priority_id?: string | null;

  @ApiPropertyOptional({ example: 'default', description: 'An incident type id: its required fields are enforced' })
  @IsOptional()
  @IsString()
  @Id('type_id')
  type_id?: string;

  @ApiPropertyOptional({ nullable: true, description: 'The team that owns the incident' })
  @IsOptional()
  @NullOr()
  @IsString()
  @Id('team_id')
  team_id?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'Free text until the service catalogue exists' })
  @IsOptional()
  @TextList('impacted_services')
  impacted_services?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @TextList('environments')
  environments?: string[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, example: { region: 'eu-west-1' } })
  @IsOptional()
  @IsObject()
  @IsTextRecord()
  labels?: Record<string, string>;
}

export class PageTeamDto {
  @ApiProperty()
  @IsString()
  @Id('page.team_id')
  team_id!: string;

  @ApiPropertyOptional({ description: "One of the team's escalation policies; its first by name unless given" })
  @IsOptional()
  @IsString()
  @Id('page.escalation_policy_id')
  escalation_policy_id?: string;
}

export class DeclareIncidentDto extends IncidentFieldsDto implements DeclareIncidentRequest {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  name!: string;

  @ApiPropertyOptional({ description: 'When it started (the Started milestone); now unless given' })
  @IsOptional()
  @Time('started_at')
  started_at?: string;

  @ApiPropertyOptional({ description: 'When it was detected; now (or the alert trigger) unless given' })
  @IsOptional()
  @Time('detected_at')
  detected_at?: string;

  @ApiPropertyOptional({ description: 'Declared from this alert: both link to each other' })
  @IsOptional()
  @IsString()
  @Id('alert_id')
  alert_id?: string;

  @ApiPropertyOptional({ type: PageTeamDto, description: 'Page this team through its escalation policy' })
  @IsOptional()
  @IsObject({ message: 'page must be an object' })
  @ValidateNested()
  @Type(() => PageTeamDto)
  page?: PageTeamDto;
}

/** Per field, the version the edit is based on (whole numbers from 1). */
const IsVersions = () =>
  ValidateBy({
    name: 'versions',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.entries(value).every(
          ([key, v]) => Object.values(INCIDENT_FIELD_NAMES).includes(key) && Number.isInteger(v) && (v as number) >= 1,
        ),
      defaultMessage: () => 'versions must map field names to whole numbers from 1',
    },
  });

export class ChangeIncidentDto extends IncidentFieldsDto implements ChangeIncidentRequest {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  name?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { name: 3 },
    description: "Per field, the version the edit is based on: a newer one answers 409 with the other's value",
  })
  @IsOptional()
  @IsVersions()
  versions?: Partial<Record<string, number>>;
}

export class IncidentsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: `Comma-separated: ${INCIDENT_STATUSES.join(', ')}` })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH)
  status?: string;

  @ApiPropertyOptional({ description: 'Comma-separated severity ids' })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH)
  severity?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Id('team_id')
  team_id?: string;

  @ApiPropertyOptional({ description: 'Started at or after' })
  @IsOptional()
  @Time('from')
  from?: string;

  @ApiPropertyOptional({ description: 'Started at or before' })
  @IsOptional()
  @Time('to')
  to?: string;

  @ApiPropertyOptional({ description: 'Part of the name or summary' })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('query', SEARCH_MAX_LENGTH) })
  query?: string;
}

const USER_IDS = `user_ids must be at most ${INCIDENT_NAMES_PEOPLE_MAX} comma-separated user ids`;

export class IncidentNamesQueryDto {
  @ApiPropertyOptional({ description: `Comma-separated user ids to name, at most ${INCIDENT_NAMES_PEOPLE_MAX}` })
  @IsOptional()
  @IsString({ message: USER_IDS })
  @ValidateBy({
    name: 'userIds',
    validator: {
      validate: (value: unknown) => {
        const ids = typeof value === 'string' ? value.split(',') : [];
        return ids.length <= INCIDENT_NAMES_PEOPLE_MAX && ids.every((id) => id.length <= ID_MAX_LENGTH);
      },
      defaultMessage: () => USER_IDS,
    },
  })
  user_ids?: string;
}

export class MilestoneDto {
  @ApiProperty({ nullable: true, description: 'The time, or null to clear it (never Started)' })
  @NullOr()
  @Time('at')
  at!: string | null;
}

export class RoleAssignmentDto {
  @ApiProperty({ nullable: true, description: 'A member of the organization, or null to unassign' })
  @NullOr()
  @IsString()
  @Id('user_id')
  user_id!: string | null;
}

export class AddTaskDto {
  @ApiProperty()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  title!: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @NullOr()
  @IsString()
  @Id('assignee_id')
  assignee_id?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @NullOr()
  @Time('due_at')
  due_at?: string | null;
}

export class ChangeTaskDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  title?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @NullOr()
  @IsString()
  @Id('assignee_id')
  assignee_id?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @NullOr()
  @Time('due_at')
  due_at?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: FIELD_MESSAGES.boolean('done') })
  done?: boolean;
}

export class ApplyTaskListDto {
  @ApiProperty()
  @IsString()
  @Id('task_list_id')
  task_list_id!: string;
}

export class AddFollowUpDto {
  @ApiProperty()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  title!: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @NullOr()
  @IsString()
  @Id('owner_id')
  owner_id?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @NullOr()
  @Time('due_at')
  due_at?: string | null;
}

export class ChangeFollowUpDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  title?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @NullOr()
  @IsString()
  @Id('owner_id')
  owner_id?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @NullOr()
  @Time('due_at')
  due_at?: string | null;

  @ApiPropertyOptional({ enum: FOLLOW_UP_STATUSES })
  @IsOptional()
  @IsIn(FOLLOW_UP_STATUSES, { message: FIELD_MESSAGES.oneOf('status', FOLLOW_UP_STATUSES) })
  status?: FollowUpStatus;
}

export class NoteDto {
  @ApiProperty()
  @IsString()
  @MaxLength(20_000)
  body!: string;
}

export class StatusUpdateDto {
  @ApiPropertyOptional({ nullable: true, description: 'The template the text started from' })
  @IsOptional()
  @NullOr()
  @IsString()
  @Id('template_id')
  template_id?: string | null;

  @ApiProperty({ description: "The text to post (the template's, filled in and edited)" })
  @IsString()
  @MaxLength(20_000)
  body!: string;
}

export class StatusUpdateDraftQueryDto {
  @ApiProperty()
  @IsString()
  @Id('template_id')
  template_id!: string;
}

export class LinkDto {
  @ApiProperty({ example: 'https://status.example.com' })
  @IsString()
  @MaxLength(4096)
  url!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  title?: string;
}

export class StarDto {
  @ApiProperty()
  @IsBoolean({ message: FIELD_MESSAGES.boolean('starred') })
  starred!: boolean;
}

export class TimelineQueryDto {
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: FIELD_MESSAGES.oneOf('order', ['asc', 'desc']) })
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ description: 'Only entries after this position (catch-up after a lost connection)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('after') })
  @Min(0, { message: FIELD_MESSAGES.atLeast('after', 0) })
  after?: number;

  @ApiPropertyOptional({ default: 500, maximum: 1000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('limit') })
  @Min(1, { message: FIELD_MESSAGES.atLeast('limit', 1) })
  @Max(1000, { message: FIELD_MESSAGES.atMost('limit', 1000) })
  limit?: number;
}

export class VisitDto {
  @ApiPropertyOptional({ description: 'The last position seen; the latest unless given' })
  @IsOptional()
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('position') })
  @Min(0, { message: FIELD_MESSAGES.atLeast('position', 0) })
  position?: number;
}

export class AsOfQueryDto {
  @ApiProperty({ description: "One of the incident's event positions" })
  @Type(() => Number)
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('position') })
  @Min(0, { message: FIELD_MESSAGES.atLeast('position', 0) })
  position!: number;
}

export class TasksQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['mine', 'all'], default: 'all' })
  @IsOptional()
  @IsIn(['mine', 'all'], { message: FIELD_MESSAGES.oneOf('assignee', ['mine', 'all']) })
  assignee?: 'mine' | 'all';

  @ApiPropertyOptional({ enum: ['open', 'done', 'all'], default: 'open' })
  @IsOptional()
  @IsIn(['open', 'done', 'all'], { message: FIELD_MESSAGES.oneOf('state', ['open', 'done', 'all']) })
  state?: 'open' | 'done' | 'all';
}

export class FollowUpsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['mine', 'all'], default: 'all' })
  @IsOptional()
  @IsIn(['mine', 'all'], { message: FIELD_MESSAGES.oneOf('owner', ['mine', 'all']) })
  owner?: 'mine' | 'all';

  @ApiPropertyOptional({ description: `Comma-separated: ${FOLLOW_UP_STATUSES.join(', ')}` })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH)
  status?: string;
}
