import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import type { Phone } from '@tocsin/contracts';
import { PHONE_CODE_TTL_MS, type PhoneVerificationMethod } from '@tocsin/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { showToast } from '@/components/ui/toasts';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useCurrentUser } from '@/lib/get-me';
import { useAddPhone } from '../api/add-phone';
import { useResendPhoneCode } from '../api/resend-phone-code';
import { useVerifyPhone } from '../api/verify-phone';
import { CODE_RESENT_MESSAGE, fieldProblem, PHONE_VERIFIED_MESSAGE, toastFailure } from '../lib/failures';
import { displayNumber } from '../lib/phone-display';
import { METHOD_LABELS, offeredMethods } from '../lib/phone-options';
import { codeSchema, phoneSchema } from '../lib/phone-rules';
import { PhoneNumberField } from './phone-number-field';
import { VerificationCodeStep } from './verification-code-step';

const SENT_BY: Record<PhoneVerificationMethod, string> = {
  sms: 'by SMS',
  voice: 'by a voice call',
  whats_app: 'on WhatsApp',
};

interface Props {
  /** An unverified number to verify again; null adds a new one. */
  phone: Phone | null;
  onClose: () => void;
}

/**
 * SPEC.md section 4, two steps: choose the method and number, Send Verification (a new number is added,
 * an existing one is sent a new code); then the 6-digit code, Verify. Verify later or closing drops
 * everything: the parent mounts the dialog afresh for each opening.
 */
export function PhoneDialog({ phone, onClose }: Props) {
  useReturnFocus(true);
  const me = useCurrentUser();
  const methods = offeredMethods(me.featureFlags.hideWhatsApp === true);
  const [target, setTarget] = useState<Phone | null>(null);
  // the server's refusal of a number stays under the field while that number is typed there
  const [refused, setRefused] = useState<{ number: string; message?: string }>();
  const details = useForm({
    resolver: yupResolver(phoneSchema),
    defaultValues: {
      number: phone?.number ?? '',
      verification_method: methods.find((m) => m === phone?.verification_method) ?? methods[0],
    },
  });
  const code = useForm({ resolver: yupResolver(codeSchema), defaultValues: { code: '' } });
  const [method, number] = useWatch({ control: details.control, name: ['verification_method', 'number'] });
  const add = useAddPhone();
  const resend = useResendPhoneCode();
  const verify = useVerifyPhone();

  const send = details.handleSubmit(async ({ number, verification_method }) => {
    try {
      setTarget(
        phone
          ? await resend.mutateAsync({ id: phone.id, verification_method })
          : await add.mutateAsync({ number, verification_method }),
      );
    } catch (error) {
      setRefused({ number, message: fieldProblem(error, 'number') });
      toastFailure(error);
    }
  });

  const submitCode = code.handleSubmit(async (values) => {
    if (!target || verify.isPending) return;
    try {
      await verify.mutateAsync({ id: target.id, code: values.code });
      showToast('success', PHONE_VERIFIED_MESSAGE);
      onClose();
    } catch (error) {
      toastFailure(error);
      code.reset({ code: '' });
      code.setError('code', { message: fieldProblem(error, 'code') ?? (error as Error).message });
    }
  });

  const resendCode = async () => {
    if (!target) return;
    try {
      await resend.mutateAsync({ id: target.id, verification_method: method });
      code.reset({ code: '' });
      showToast('success', CODE_RESENT_MESSAGE);
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <Modal opened onClose={onClose} title={phone ? 'Verify phone number' : 'Add phone number'} centered>
      {target === null ? (
        <form onSubmit={(event) => void send(event)} noValidate aria-label="Phone number details">
          <Stack>
            <PhoneNumberField
              control={details.control}
              forceShowError={details.formState.isSubmitted}
              error={refused?.number === number ? refused.message : undefined}
              disabled={phone !== null}
            />
            <Radio.Group
              label="Send the code by"
              value={method}
              onChange={(value) => details.setValue('verification_method', value as PhoneVerificationMethod)}
            >
              <Group mt={6}>
                {methods.map((m) => (
                  <Radio key={m} value={m} label={METHOD_LABELS[m]} />
                ))}
              </Group>
            </Radio.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={details.formState.isSubmitting}>
                Send Verification
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <VerificationCodeStep
          sentTo={`Enter the 6-digit code sent to ${displayNumber(target.number)} ${SENT_BY[method]}. It works for ${PHONE_CODE_TTL_MS / 60_000} minutes.`}
          control={code.control}
          submit={submitCode}
          verifying={verify.isPending}
          resend={{ label: 'Resend code', onClick: () => void resendCode(), loading: resend.isPending }}
          onLater={onClose}
        />
      )}
    </Modal>
  );
}
