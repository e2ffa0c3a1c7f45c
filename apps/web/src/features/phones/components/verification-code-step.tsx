import { Button, Group, Stack, Text } from '@mantine/core';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { VerificationCodeField } from './verification-code-field';

interface Props {
  /** Where the code went and for how long it works. */
  sentTo: ReactNode;
  control: Control<{ code: string }>;
  /** The code form's submit (react-hook-form's handleSubmit): on Verify, and by itself on the sixth digit. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  verifying: boolean;
  resend: { label: string; onClick: () => void; loading: boolean };
  onLater: () => void;
}

/** SPEC.md section 4, step 2 of a verification (a phone's, a chat webhook's): the 6-digit code, Verify or later. */
export function VerificationCodeStep({ sentTo, control, submit, verifying, resend, onLater }: Props) {
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Verification code">
      <Stack>
        <Text size="sm" data-testid="code-sent-to">
          {sentTo}
        </Text>
        <VerificationCodeField control={control} onComplete={() => void submit()} disabled={verifying} />
        <Group justify="space-between">
          <Button variant="subtle" px={0} onClick={resend.onClick} loading={resend.loading}>
            {resend.label}
          </Button>
          <Group>
            <Button variant="default" onClick={onLater}>
              Verify later
            </Button>
            <Button type="submit" loading={verifying}>
              Verify
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
