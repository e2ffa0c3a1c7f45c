import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import type { ChatDestination } from '@tocsin/contracts';
import { PHONE_CODE_TTL_MS, type ChatDestinationKind } from '@tocsin/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { showToast } from '@/components/ui/toasts';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { VerificationCodeStep } from '@/features/phones/components/verification-code-step';
import { CODE_RESENT_MESSAGE, fieldProblem, toastFailure } from '@/features/phones/lib/failures';
import { codeSchema } from '@/features/phones/lib/phone-rules';
import { useAddChatDestination } from '../api/add-chat-destination';
import { useResendChatDestinationCode } from '../api/resend-chat-destination-code';
import { useVerifyChatDestination } from '../api/verify-chat-destination';
import { CHAT_LABELS, chatDestinationSchema, WEBHOOK_HELP } from '../lib/chat-rules';

export const CHAT_VERIFIED_MESSAGE = 'Your chat destination has been verified';

interface Props {
  /** An unverified destination to verify again (a new code is posted); null adds one. */
  destination: ChatDestination | null;
  onClose: () => void;
}

/**
 * Two steps, as a phone's: the chat, the webhook URL and a name, Send code (the webhook is posted a 6-digit code;
 * a URL that cannot be reached is refused under its field); then the code, Verify.
 */
export function ChatDestinationDialog({ destination, onClose }: Props) {
  useReturnFocus(true);
  const [target, setTarget] = useState<ChatDestination | null>(null);
  const [refused, setRefused] = useState<{ url: string; message?: string }>();
  const details = useForm({
    resolver: yupResolver(chatDestinationSchema),
    defaultValues: {
      type: destination?.type ?? ('slack' as ChatDestinationKind),
      url: '',
      name: destination?.name ?? '',
    },
  });
  const code = useForm({ resolver: yupResolver(codeSchema), defaultValues: { code: '' } });
  const [type, url] = useWatch({ control: details.control, name: ['type', 'url'] });
  const add = useAddChatDestination();
  const resend = useResendChatDestinationCode();
  const verify = useVerifyChatDestination();

  const send = details.handleSubmit(async (values) => {
    try {
      setTarget(await add.mutateAsync({ type: values.type, url: values.url, name: values.name || undefined }));
    } catch (error) {
      setRefused({ url: values.url, message: fieldProblem(error, 'url') });
      toastFailure(error);
    }
  });

  const resendCode = async (to: ChatDestination) => {
    try {
      setTarget(await resend.mutateAsync(to.id));
      code.reset({ code: '' });
      showToast('success', CODE_RESENT_MESSAGE);
    } catch (error) {
      toastFailure(error);
    }
  };

  const submitCode = code.handleSubmit(async (values) => {
    const to = target ?? destination;
    if (!to || verify.isPending) return;
    try {
      await verify.mutateAsync({ id: to.id, code: values.code });
      showToast('success', CHAT_VERIFIED_MESSAGE);
      onClose();
    } catch (error) {
      toastFailure(error);
      code.reset({ code: '' });
      code.setError('code', { message: fieldProblem(error, 'code') ?? (error as Error).message });
    }
  });

  const codeStep = target ?? destination;
  return (
    <Modal opened onClose={onClose} title={destination ? 'Verify chat destination' : 'Add chat destination'} centered>
      {codeStep === null ? (
        <form onSubmit={(event) => void send(event)} noValidate aria-label="Chat destination details">
          <Stack>
            <Radio.Group
              label="Chat"
              value={type}
              onChange={(value) => details.setValue('type', value as ChatDestinationKind)}
            >
              <Group mt={6}>
                {(Object.keys(CHAT_LABELS) as ChatDestinationKind[]).map((kind) => (
                  <Radio key={kind} value={kind} label={CHAT_LABELS[kind]} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              label="Incoming webhook URL"
              description={WEBHOOK_HELP[type]}
              required
              autoComplete="off"
              {...details.register('url')}
              error={details.formState.errors.url?.message ?? (refused?.url === url ? refused.message : undefined)}
            />
            <Controller
              control={details.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextInput
                  label="Name"
                  description="To tell it apart, e.g. the channel"
                  {...field}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={details.formState.isSubmitting}>
                Send code
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <VerificationCodeStep
          sentTo={
            target
              ? `Enter the 6-digit code posted to ${CHAT_LABELS[codeStep.type]} (${codeStep.url_hint}). It works for ${PHONE_CODE_TTL_MS / 60_000} minutes.`
              : `Send a new code to ${CHAT_LABELS[codeStep.type]} (${codeStep.url_hint}), then enter it here.`
          }
          control={code.control}
          submit={submitCode}
          verifying={verify.isPending}
          resend={{
            label: target ? 'Resend code' : 'Send new code',
            onClick: () => void resendCode(codeStep),
            loading: resend.isPending,
          }}
          onLater={onClose}
        />
      )}
    </Modal>
  );
}
