import { Input, PinInput } from '@mantine/core';
import { PHONE_CODE_LENGTH } from '@tocsin/domain';
import { useEffect, useRef } from 'react';
import { useController, type Control } from 'react-hook-form';

/** SPEC.md sections 4 and 9: the code submits itself about 100 ms after the sixth digit. */
export const AUTO_SUBMIT_DELAY_MS = 100;

interface Props {
  control: Control<{ code: string }>;
  onComplete: () => void;
  disabled?: boolean;
}

/** Six digit cells; the phone's keyboard offers the code from the message (one-time-code). */
export function VerificationCodeField({ control, onComplete, disabled }: Props) {
  const { field, fieldState } = useController({ control, name: 'code' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const complete = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(onComplete, AUTO_SUBMIT_DELAY_MS);
  };
  return (
    <Input.Wrapper label="Verification code" required error={fieldState.error?.message}>
      <PinInput
        mt={4}
        length={PHONE_CODE_LENGTH}
        type="number"
        oneTimeCode
        autoFocus
        ariaLabel="Verification code digit"
        value={field.value}
        onChange={field.onChange}
        onComplete={complete}
        error={Boolean(fieldState.error)}
        disabled={disabled}
      />
    </Input.Wrapper>
  );
}
