import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  INCIDENT_REQUIRED_FIELDS,
  INCIDENT_SETTINGS_LIST_MAX,
  INCIDENT_SETTINGS_MESSAGES,
  SEVERITY_MATRIX_AXIS_MAX,
  STATUS_TEMPLATE_BODY_MAX_LENGTH,
  TASK_LIST_TASKS_MAX,
  TEXT_MAX_LENGTH,
  TICKETING_PROVIDERS,
} from '@tocsin/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { stacked } from '../../shared/dto-rules';

// The shapes are checked here; names, lengths, uniqueness, ranks and references are the decider's
// (libs/domain incidents/settings/decide.ts), which names every field as the request does.

/** The revision of the part the client read (`revisions` of GET); a stale one is answered 409. */
class Revisioned {
  @ApiProperty({ minimum: 0, description: 'The revision of this part the change was made from (GET `revisions`)' })
  @IsInt()
  @Min(0)
  expected_revision!: number;
}

class ItemDto {
  @ApiPropertyOptional({ nullable: true, description: 'An existing item; left out or null for a new one' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(ID_MAX_LENGTH)
  id?: string | null;

  @ApiProperty({ maxLength: 100 })
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  name!: string;
}

class DescribedItemDto extends ItemDto {
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(STATUS_TEMPLATE_BODY_MAX_LENGTH)
  description?: string;
}

export class RankedItemDto extends DescribedItemDto {
  @ApiProperty({ minimum: 1, description: '1 is the most severe (urgent); unique, 1 to the number of items' })
  @IsInt()
  rank!: number;
}

export class MilestoneItemDto extends ItemDto {}

export class DurationItemDto extends ItemDto {
  @ApiProperty({ description: 'The key of the milestone it starts at' })
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  from!: string;

  @ApiProperty({ description: 'The key of a later milestone' })
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  to!: string;
}

export class RoleItemDto extends DescribedItemDto {
  @ApiPropertyOptional({ nullable: true, description: 'A task list applied when someone takes the role' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(ID_MAX_LENGTH)
  task_list_id?: string | null;
}

export class TypeItemDto extends DescribedItemDto {
  @ApiPropertyOptional({ enum: INCIDENT_REQUIRED_FIELDS, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(INCIDENT_REQUIRED_FIELDS.length * 2)
  @IsString({ each: true })
  @MaxLength(TEXT_MAX_LENGTH, { each: true })
  required_fields?: string[];
}

class TaskDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  title!: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(STATUS_TEMPLATE_BODY_MAX_LENGTH)
  description?: string;
}

export class TaskListItemDto extends ItemDto {
  @ApiProperty({ type: [TaskDto], maxItems: TASK_LIST_TASKS_MAX })
  @IsArray()
  @ArrayMaxSize(TASK_LIST_TASKS_MAX, {
    message: INCIDENT_SETTINGS_MESSAGES.listMax('tasks', TASK_LIST_TASKS_MAX),
  })
  @ValidateNested({ each: true })
  @Type(() => TaskDto)
  tasks!: TaskDto[];
}

export class TemplateItemDto extends ItemDto {
  @ApiProperty({ maxLength: STATUS_TEMPLATE_BODY_MAX_LENGTH })
  @IsString()
  @MaxLength(STATUS_TEMPLATE_BODY_MAX_LENGTH * 2)
  body!: string;
}

export class NamedItemDto extends DescribedItemDto {}

const Items = (dto: () => new () => object) =>
  stacked(
    IsArray(),
    ArrayMaxSize(INCIDENT_SETTINGS_LIST_MAX, {
      message: INCIDENT_SETTINGS_MESSAGES.listMax('items', INCIDENT_SETTINGS_LIST_MAX),
    }),
    ValidateNested({ each: true }),
    Type(dto),
  );

export class RankedListDto extends Revisioned {
  @ApiProperty({ type: [RankedItemDto], maxItems: INCIDENT_SETTINGS_LIST_MAX })
  @Items(() => RankedItemDto)
  items!: RankedItemDto[];
}

export class MilestoneListDto extends Revisioned {
  @ApiProperty({ type: [MilestoneItemDto], description: 'In order, first to last' })
  @Items(() => MilestoneItemDto)
  items!: MilestoneItemDto[];
}

export class DurationListDto extends Revisioned {
  @ApiProperty({ type: [DurationItemDto] })
  @Items(() => DurationItemDto)
  items!: DurationItemDto[];
}

export class RoleListDto extends Revisioned {
  @ApiProperty({ type: [RoleItemDto] })
  @Items(() => RoleItemDto)
  items!: RoleItemDto[];
}

export class TypeListDto extends Revisioned {
  @ApiProperty({ type: [TypeItemDto] })
  @Items(() => TypeItemDto)
  items!: TypeItemDto[];
}

export class TaskListListDto extends Revisioned {
  @ApiProperty({ type: [TaskListItemDto] })
  @Items(() => TaskListItemDto)
  items!: TaskListItemDto[];
}

export class TemplateListDto extends Revisioned {
  @ApiProperty({ type: [TemplateItemDto] })
  @Items(() => TemplateItemDto)
  items!: TemplateItemDto[];
}

export class NamedListDto extends Revisioned {
  @ApiProperty({ type: [NamedItemDto] })
  @Items(() => NamedItemDto)
  items!: NamedItemDto[];
}

export class SeverityMatrixDto extends Revisioned {
  @ApiProperty({ type: [String], maxItems: SEVERITY_MATRIX_AXIS_MAX, example: ['Low', 'Medium', 'High'] })
  @IsArray()
  @ArrayMaxSize(SEVERITY_MATRIX_AXIS_MAX, {
    message: INCIDENT_SETTINGS_MESSAGES.listMax('impacts', SEVERITY_MATRIX_AXIS_MAX),
  })
  @IsString({ each: true })
  @MaxLength(TEXT_MAX_LENGTH, { each: true })
  impacts!: string[];

  @ApiProperty({ type: [String], maxItems: SEVERITY_MATRIX_AXIS_MAX, example: ['Unlikely', 'Likely', 'Certain'] })
  @IsArray()
  @ArrayMaxSize(SEVERITY_MATRIX_AXIS_MAX, {
    message: INCIDENT_SETTINGS_MESSAGES.listMax('likelihoods', SEVERITY_MATRIX_AXIS_MAX),
  })
  @IsString({ each: true })
  @MaxLength(TEXT_MAX_LENGTH, { each: true })
  likelihoods!: string[];

  @ApiProperty({
    description: '`cells[impact][likelihood]`: a severity id, or null',
    type: 'array',
    items: { type: 'array', items: { type: 'string', nullable: true } },
  })
  @IsArray()
  @ArrayMaxSize(SEVERITY_MATRIX_AXIS_MAX, { message: INCIDENT_SETTINGS_MESSAGES.matrixRows })
  @IsArray({ each: true, message: 'cells must be a list of rows' })
  @ArrayMaxSize(SEVERITY_MATRIX_AXIS_MAX, { each: true, message: 'cells rows must have one cell per likelihood' })
  cells!: Array<Array<string | null>>;
}

export class TicketingDto extends Revisioned {
  @ApiProperty({ enum: TICKETING_PROVIDERS })
  @IsIn(TICKETING_PROVIDERS, { message: FIELD_MESSAGES.oneOf('provider', TICKETING_PROVIDERS) })
  provider!: (typeof TICKETING_PROVIDERS)[number];

  @ApiProperty({ maxLength: 100, description: 'Required when a provider is chosen' })
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH)
  project_key!: string;

  @ApiProperty()
  @IsBoolean()
  auto_create_follow_ups!: boolean;
}
