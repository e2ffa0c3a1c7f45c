import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  OnCallScheduleChangeRequest,
  OnCallSchedulePreviewRequest,
  OnCallScheduleRequest,
  ScheduleLayerBody,
  ScheduleOverrideBody,
  ScheduleRotationBody,
  ShiftSwapAssignBody,
  ShiftSwapRequestBody,
  TemporaryScheduleBody,
} from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  instantMs,
  isTimeZone,
  OVERRIDE_KINDS,
  parseShiftLength,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  SCHEDULE_NAME_MAX_LENGTH,
  SWAP_NOTE_MAX_LENGTH,
} from '@tocsin/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  IsObject,
  type ValidationOptions,
} from 'class-validator';
import { Given, RequiredName, stacked } from '../../shared/dto-rules';
import { IsWholeMinutes } from '../../shared/duration.validators';

// The bounds and words are the schedule decider's (libs/domain signals/on-call-schedules): the DTO refuses what
// it can see field by field; the decider judges what needs the whole (overlaps, gaps, users the organization lacks).

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const Optional = () => ValidateIf((_dto: object, value: unknown) => value !== undefined && value !== null);

const IsInstant = (field: string) =>
  ValidateBy({
    name: 'isInstant',
    validator: {
      validate: (value: unknown) => instantMs(value) !== null,
      defaultMessage: () => SCHEDULE_MESSAGES.instant(field),
    },
  });

const IsUserIds = (field: string, max: number, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isUserIds',
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) &&
          value.length >= 1 &&
          value.length <= max &&
          value.every((id) => typeof id === 'string' && id.trim() !== '' && id.length <= ID_MAX_LENGTH),
        defaultMessage: () => `${field} must name 1 to ${max} users`,
      },
    },
    options,
  );

const TimeOfDay = (field: string) => Matches(HH_MM, { message: SCHEDULE_MESSAGES.clock(field) });

export class ScheduleRestrictionDto {
  @ApiProperty({ enum: ['daily', 'weekly'] })
  @IsIn(['daily', 'weekly'], { message: FIELD_MESSAGES.oneOf('type', ['daily', 'weekly']) })
  type!: 'daily' | 'weekly';

  @ApiPropertyOptional({ minimum: 1, maximum: 7, description: 'weekly only: ISO weekday, 1 Monday ... 7 Sunday' })
  @ValidateIf((dto: ScheduleRestrictionDto) => dto.type === 'weekly')
  @IsInt({ message: SCHEDULE_MESSAGES.weekday('start_day') })
  @Min(1, { message: SCHEDULE_MESSAGES.weekday('start_day') })
  @Max(7, { message: SCHEDULE_MESSAGES.weekday('start_day') })
  start_day?: number;

  @ApiProperty({ example: '09:00' })
  @IsString()
  @TimeOfDay('start_time')
  start_time!: string;

  @ApiProperty({ example: 'PT8H', description: 'daily: PT1M to PT24H; weekly: PT1M to PT168H' })
  @IsWholeMinutes(1, 7 * 24 * 60, FIELD_MESSAGES.minutes('duration', 'PT1M', 'PT168H'))
  duration!: string;
}

export class ScheduleRotationDto implements ScheduleRotationBody {
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'string' } },
    example: [['user-1'], ['user-2']],
  })
  @IsArray({ message: `slots must hold 1 to ${SCHEDULE_LIMITS.slots} slots of users` })
  @ArrayMinSize(1, { message: `slots must hold 1 to ${SCHEDULE_LIMITS.slots} slots of users` })
  @ArrayMaxSize(SCHEDULE_LIMITS.slots, { message: `slots must hold 1 to ${SCHEDULE_LIMITS.slots} slots of users` })
  @IsUserIds('slots[]', SCHEDULE_LIMITS.usersPerSlot, { each: true })
  slots!: string[][];

  @ApiProperty({ example: 'P1W', description: 'PT{n}H, P{n}D, P{n}W or P{n}M' })
  @ValidateBy({
    name: 'isShiftLength',
    validator: {
      validate: (value: unknown) => parseShiftLength(value) !== null,
      defaultMessage: () =>
        'shift_length must be an ISO-8601 duration of whole hours (PT12H), days (P1D), weeks (P1W) or months (P1M)',
    },
  })
  shift_length!: string;

  @ApiProperty({ example: '09:00' })
  @IsString()
  @TimeOfDay('handoff_time')
  handoff_time!: string;

  @ApiProperty({ example: '2026-03-02' })
  @IsString()
  @Matches(DATE, { message: SCHEDULE_MESSAGES.date('start_date') })
  start_date!: string;

  @ApiPropertyOptional({ type: [ScheduleRestrictionDto], maxItems: SCHEDULE_LIMITS.restrictions })
  @Given()
  @IsArray()
  @ArrayMaxSize(SCHEDULE_LIMITS.restrictions, {
    message: `restrictions must hold at most ${SCHEDULE_LIMITS.restrictions}`,
  })
  @IsObject({ each: true, message: 'restrictions[] must be an object with type, start_time and duration' })
  @ValidateNested({ each: true })
  @Type(() => ScheduleRestrictionDto)
  restrictions?: ScheduleRestrictionDto[];
}

export class ScheduleLayerDto implements ScheduleLayerBody {
  @ApiPropertyOptional({ maxLength: ID_MAX_LENGTH })
  @Given()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'id must hold letters, digits, - and _ only' })
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('id', ID_MAX_LENGTH) })
  id?: string;

  @ApiProperty({ maxLength: 100 })
  @RequiredName(100)
  name!: string;

  @ApiProperty({ type: ScheduleRotationDto })
  @IsObject({ message: 'rotation must be an object with slots, shift_length, handoff_time and start_date' })
  @ValidateNested()
  @Type(() => ScheduleRotationDto)
  rotation!: ScheduleRotationDto;

  @ApiPropertyOptional({ nullable: true })
  @Optional()
  @IsInstant('ends_at')
  ends_at?: string | null;
}

const Layers = () =>
  stacked(
    IsArray({ message: SCHEDULE_MESSAGES.list('layers') }),
    ArrayMaxSize(SCHEDULE_LIMITS.layers, { message: `layers must hold at most ${SCHEDULE_LIMITS.layers} layers` }),
    IsObject({ each: true, message: 'layers[] must be an object with name and rotation' }),
    ValidateNested({ each: true, message: 'layers[] must be an object with name and rotation' }),
    Type(() => ScheduleLayerDto),
  );

const TimeZone = () =>
  ValidateBy({
    name: 'isTimeZone',
    validator: {
      validate: isTimeZone,
      defaultMessage: () => SCHEDULE_MESSAGES.timeZone('time_zone'),
    },
  });

export class OnCallScheduleDto implements OnCallScheduleRequest {
  @ApiProperty({ maxLength: SCHEDULE_NAME_MAX_LENGTH })
  @RequiredName(SCHEDULE_NAME_MAX_LENGTH)
  name!: string;

  @ApiProperty({ example: 'America/New_York' })
  @TimeZone()
  time_zone!: string;

  @ApiProperty({ type: [ScheduleLayerDto], maxItems: SCHEDULE_LIMITS.layers })
  @Layers()
  layers!: ScheduleLayerDto[];
}

export class OnCallScheduleChangeDto implements OnCallScheduleChangeRequest {
  @ApiPropertyOptional({ maxLength: SCHEDULE_NAME_MAX_LENGTH })
  @Given()
  @RequiredName(SCHEDULE_NAME_MAX_LENGTH)
  name?: string;

  @ApiPropertyOptional()
  @Given()
  @TimeZone()
  time_zone?: string;

  @ApiPropertyOptional({ type: [ScheduleLayerDto], maxItems: SCHEDULE_LIMITS.layers })
  @Given()
  @Layers()
  layers?: ScheduleLayerDto[];
}

export class OnCallSchedulePreviewDto implements OnCallSchedulePreviewRequest {
  @ApiProperty()
  @TimeZone()
  time_zone!: string;

  @ApiProperty({ type: [ScheduleLayerDto], maxItems: SCHEDULE_LIMITS.layers })
  @Layers()
  layers!: ScheduleLayerDto[];

  @ApiProperty()
  @IsInstant('from')
  from!: string;

  @ApiProperty({ description: `at most ${SCHEDULE_LIMITS.windowDays} days after from` })
  @IsInstant('to')
  to!: string;
}

export class FinalWindowQueryDto {
  @ApiProperty({ description: 'ISO-8601 instant' })
  @IsInstant('from')
  from!: string;

  @ApiProperty({ description: `ISO-8601 instant, at most ${SCHEDULE_LIMITS.windowDays} days after from` })
  @IsInstant('to')
  to!: string;
}

export class ScheduleOverrideDto implements ScheduleOverrideBody {
  @ApiProperty({ enum: OVERRIDE_KINDS })
  @IsIn(OVERRIDE_KINDS, { message: FIELD_MESSAGES.oneOf('kind', OVERRIDE_KINDS) })
  kind!: 'add' | 'remove' | 'replace';

  @ApiProperty()
  @IsInstant('start')
  start!: string;

  @ApiProperty()
  @IsInstant('end')
  end!: string;

  @ApiPropertyOptional({ nullable: true, description: 'add and replace: the person on call' })
  @Optional()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('user_id', ID_MAX_LENGTH) })
  user_id?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'remove and replace: the person taken off' })
  @Optional()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('replaces_user_id', ID_MAX_LENGTH) })
  replaces_user_id?: string | null;
}

export class TemporaryShiftDto {
  @ApiProperty()
  @IsInstant('start')
  start!: string;

  @ApiProperty()
  @IsInstant('end')
  end!: string;

  @ApiProperty({ type: [String] })
  @IsUserIds('user_ids', 10)
  user_ids!: string[];
}

export class TemporaryScheduleDto implements TemporaryScheduleBody {
  @ApiProperty()
  @IsInstant('start')
  start!: string;

  @ApiProperty()
  @IsInstant('end')
  end!: string;

  @ApiProperty({ type: [TemporaryShiftDto], maxItems: SCHEDULE_LIMITS.temporaryShifts })
  @IsArray()
  @ArrayMaxSize(SCHEDULE_LIMITS.temporaryShifts, {
    message: `shifts must hold at most ${SCHEDULE_LIMITS.temporaryShifts} shifts`,
  })
  @IsObject({ each: true, message: 'shifts[] must be an object with start, end and user_ids' })
  @ValidateNested({ each: true })
  @Type(() => TemporaryShiftDto)
  shifts!: TemporaryShiftDto[];

  @ApiPropertyOptional({ default: false })
  @Given()
  @IsBoolean({ message: FIELD_MESSAGES.boolean('allow_gaps') })
  allow_gaps?: boolean;
}

export class ShiftSwapRequestDto implements ShiftSwapRequestBody {
  @ApiProperty()
  @IsInstant('start')
  start!: string;

  @ApiProperty()
  @IsInstant('end')
  end!: string;

  @ApiPropertyOptional({ maxLength: SWAP_NOTE_MAX_LENGTH })
  @Given()
  @IsString()
  @MaxLength(SWAP_NOTE_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('note', SWAP_NOTE_MAX_LENGTH) })
  note?: string;
}

export class ShiftSwapAssignDto implements ShiftSwapAssignBody {
  @ApiProperty()
  @IsString()
  @Matches(/\S/, { message: FIELD_MESSAGES.required('user_id') })
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('user_id', ID_MAX_LENGTH) })
  user_id!: string;
}
