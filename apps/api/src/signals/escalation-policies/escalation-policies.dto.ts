import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { EscalationPolicyChangeRequest, EscalationPolicyRequest } from '@tocsin/contracts';
import { Allow } from 'class-validator';
import type { Unchecked } from '../../shared/unchecked';

/**
 * The fields are only let through here: the policy decider judges them all at once, with the editor's
 * wording (`steps[0].timeout_minutes must be at most 1440`). Unknown fields are still refused by the pipe.
 */
export class EscalationPolicyDto implements Unchecked<EscalationPolicyRequest> {
  @ApiProperty({ maxLength: 100 })
  @Allow()
  name!: unknown;

  @ApiProperty({
    description: '1 to 10 steps, each waiting timeout_minutes (1 to 1440) for an acknowledgement',
    example: [{ timeout_minutes: 5, targets: [{ type: 'user', id: 'user-id' }] }],
  })
  @Allow()
  steps!: unknown;

  @ApiPropertyOptional({ minimum: 0, maximum: 9, default: 0 })
  @Allow()
  repeat!: unknown;

  @ApiPropertyOptional({ minimum: 1, maximum: 1440, nullable: true, default: null })
  @Allow()
  ack_reminder_minutes!: unknown;
}

export class EscalationPolicyChangeDto
  extends EscalationPolicyDto
  implements Unchecked<EscalationPolicyChangeRequest> {}
