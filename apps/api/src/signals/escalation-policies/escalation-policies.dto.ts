import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  EscalationPolicyChangeRequest,
  EscalationPolicyRequest,
  EscalationPolicyStepBody,
} from '@tocsin/contracts';
import {
  ACK_REMINDER_MAX,
  ACK_REMINDER_MIN,
  ESCALATION_TARGET_TYPES,
  FIELD_MESSAGES,
  formatDuration,
  ID_MAX_LENGTH,
  POLICY_MESSAGES,
  POLICY_NAME_MAX_LENGTH,
  POLICY_REPEAT_MAX,
  POLICY_STEPS_MAX,
  STEP_TARGETS_MAX,
  STEP_TIMEOUT_MAX,
  STEP_TIMEOUT_MIN,
  type EscalationTargetType,
} from '@tocsin/domain';
import { Type } from 'class-transformer';
import { Given, RequiredName, stacked } from '../../shared/dto-rules';
import { IsWholeMinutes } from '../../shared/duration.validators';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

// The bounds and words are the policy decider's (libs/domain signals/escalation-policies/validation.ts), which still
// judges what needs the whole policy (a target named twice, a target the organization lacks). A nested
// field's message names it by its own name; the pipe writes its full path (`steps[0].timeout`).

/** Left out or null: no reminder. */
const Set = () => ValidateIf((_dto: object, value: unknown) => value !== undefined && value !== null);

class EscalationTargetDto {
  @ApiProperty({ enum: ESCALATION_TARGET_TYPES })
  @IsIn(ESCALATION_TARGET_TYPES, { message: FIELD_MESSAGES.oneOf('type', ESCALATION_TARGET_TYPES) })
  type!: EscalationTargetType;

  @ApiProperty()
  @IsString()
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('id', ID_MAX_LENGTH) })
  id!: string;
}

class EscalationStepDto implements EscalationPolicyStepBody {
  @ApiProperty({
    example: 'PT15M',
    description: 'How long to wait for an acknowledgement: PT1M to PT24H, whole minutes',
  })
  @IsWholeMinutes(STEP_TIMEOUT_MIN, STEP_TIMEOUT_MAX, POLICY_MESSAGES.timeout('timeout'))
  timeout!: string;

  @ApiProperty({ type: [EscalationTargetDto], minItems: 1, maxItems: STEP_TARGETS_MAX })
  @IsArray({ message: POLICY_MESSAGES.targetsList('targets') })
  @ArrayMinSize(1, { message: POLICY_MESSAGES.targetsMin('targets') })
  @ArrayMaxSize(STEP_TARGETS_MAX, { message: POLICY_MESSAGES.targetsMax('targets') })
  @ValidateNested({ each: true, message: POLICY_MESSAGES.target('targets[]') })
  @Type(() => EscalationTargetDto)
  targets!: EscalationTargetDto[];
}

const Steps = () =>
  stacked(
    IsArray({ message: POLICY_MESSAGES.stepsList('steps') }),
    ArrayMinSize(1, { message: POLICY_MESSAGES.stepsMin('steps') }),
    ArrayMaxSize(POLICY_STEPS_MAX, { message: POLICY_MESSAGES.stepsMax('steps') }),
    ValidateNested({ each: true, message: POLICY_MESSAGES.step('steps[]') }),
    Type(() => EscalationStepDto),
  );

const Name = () => RequiredName(POLICY_NAME_MAX_LENGTH);

/** The settings both a new policy and a change may give. */
class EscalationPolicySettingsDto {
  @ApiPropertyOptional({ minimum: 0, maximum: POLICY_REPEAT_MAX, default: 0 })
  @Given()
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('repeat') })
  @Min(0, { message: FIELD_MESSAGES.atLeast('repeat', 0) })
  @Max(POLICY_REPEAT_MAX, { message: FIELD_MESSAGES.atMost('repeat', POLICY_REPEAT_MAX) })
  repeat?: number;

  @ApiPropertyOptional({
    example: 'PT30M',
    nullable: true,
    default: null,
    description: `After an acknowledgement of an alert still unresolved, remind the acknowledger every this long: ${formatDuration(ACK_REMINDER_MIN * 60)} to ${formatDuration(ACK_REMINDER_MAX * 60)}, whole minutes; null: no reminder`,
  })
  @Set()
  @IsWholeMinutes(ACK_REMINDER_MIN, ACK_REMINDER_MAX, POLICY_MESSAGES.ackReminder('ack_reminder'))
  ack_reminder?: string | null;
}

export class EscalationPolicyDto extends EscalationPolicySettingsDto implements EscalationPolicyRequest {
  @ApiProperty({ maxLength: POLICY_NAME_MAX_LENGTH })
  @Name()
  name!: string;

  @ApiProperty({ type: [EscalationStepDto], minItems: 1, maxItems: POLICY_STEPS_MAX })
  @Steps()
  steps!: EscalationStepDto[];
}

export class EscalationPolicyChangeDto extends EscalationPolicySettingsDto implements EscalationPolicyChangeRequest {
  @ApiPropertyOptional({ maxLength: POLICY_NAME_MAX_LENGTH })
  @Given()
  @Name()
  name?: string;

  @ApiPropertyOptional({ type: [EscalationStepDto], minItems: 1, maxItems: POLICY_STEPS_MAX })
  @Given()
  @Steps()
  steps?: EscalationStepDto[];
}
