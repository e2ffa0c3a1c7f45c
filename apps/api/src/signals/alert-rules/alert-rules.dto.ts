import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  AlertRuleChangeRequest,
  AlertRuleMoveRequest,
  AlertRulePreviewRequest,
  AlertRuleRequest,
} from '@tocsin/contracts';
import { ALERT_RULE_PREVIEW_DEFAULT, ALERT_RULE_PREVIEW_MAX } from '@tocsin/contracts';
import { Allow } from 'class-validator';
import type { Unchecked } from '../../shared/unchecked';

const CONDITIONS_EXAMPLE = [{ field: 'labels.service', operator: 'equals', value: 'database' }];

/** Let through to the rules decider, which judges every field at once in the editor's words. */
export class AlertRuleDto implements Unchecked<AlertRuleRequest> {
  @ApiProperty({ maxLength: 100 })
  @Allow()
  name!: unknown;

  @ApiProperty({ description: 'All must hold; none: matches every alert', example: CONDITIONS_EXAMPLE })
  @Allow()
  conditions!: unknown;

  @ApiProperty({ example: { type: 'route', escalation_policy_id: 'policy-id', priority: 'HIGH' } })
  @Allow()
  action!: unknown;

  @ApiPropertyOptional({ description: "0-based place in the team's order; left out: last" })
  @Allow()
  position!: unknown;
}

export class AlertRuleChangeDto implements Unchecked<AlertRuleChangeRequest> {
  @ApiPropertyOptional({ maxLength: 100 })
  @Allow()
  name!: unknown;

  @ApiPropertyOptional({ example: CONDITIONS_EXAMPLE })
  @Allow()
  conditions!: unknown;

  @ApiPropertyOptional({ example: { type: 'drop' } })
  @Allow()
  action!: unknown;
}

export class AlertRuleMoveDto implements Unchecked<AlertRuleMoveRequest> {
  @ApiProperty({ description: "0-based place in the team's order" })
  @Allow()
  position!: unknown;
}

export class AlertRulePreviewDto implements Unchecked<AlertRulePreviewRequest> {
  @ApiProperty({ example: CONDITIONS_EXAMPLE })
  @Allow()
  conditions!: unknown;

  @ApiPropertyOptional({ minimum: 1, maximum: ALERT_RULE_PREVIEW_MAX, default: ALERT_RULE_PREVIEW_DEFAULT })
  @Allow()
  limit!: unknown;
}
