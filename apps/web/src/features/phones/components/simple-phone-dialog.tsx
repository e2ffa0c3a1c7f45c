import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { showToast } from '@/components/ui/toasts';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useAddPhone } from '../api/add-phone';
import { fieldProblem, PHONE_VERIFIED_MESSAGE, toastFailure } from '../lib/failures';
import { simplePhoneSchema } from '../lib/phone-rules';
import { PhoneNumberField } from './phone-number-field';

export const CONSENT_LABEL =
  'I agree to receive alert and verification messages from Tocsin at this number by SMS, WhatsApp and voice call. Message and data rates may apply; reply STOP to opt out.';

/** SPEC.md section 4, simple verification mode: one step, the number and consent; saving verifies it. */
export function SimplePhoneDialog({ onClose }: { onClose: () => void }) {
  useReturnFocus(true);
  const form = useForm({ resolver: yupResolver(simplePhoneSchema), defaultValues: { number: '', consent: false } });
  const [refused, setRefused] = useState<{ number: string; message?: string }>();
  const number = useWatch({ control: form.control, name: 'number' });
  const add = useAddPhone();
  const save = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ number: values.number, consent: values.consent });
      showToast('success', PHONE_VERIFIED_MESSAGE);
      onClose();
    } catch (error) {
      setRefused({ number: values.number, message: fieldProblem(error, 'number') });
      toastFailure(error);
    }
  });
  return (
    <Modal opened onClose={onClose} title="Add phone number" centered>
      <form onSubmit={(event) => void save(event)} noValidate aria-label="Phone number details">
        <Stack>
          <PhoneNumberField
            control={form.control}
            forceShowError={form.formState.isSubmitted}
            error={refused?.number === number ? refused.message : undefined}
          />
          <Checkbox
            label={CONSENT_LABEL}
            {...form.register('consent')}
            error={form.formState.errors.consent?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
