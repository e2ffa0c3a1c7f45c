import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { SsoSettings } from '@tocsin/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { showToast } from '@/components/ui/toasts';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { useRemoveSsoSettings } from '../api/remove-sso-settings';
import { useSaveSsoSettings } from '../api/save-sso-settings';

const schema = yup.object({
  issuer: yup.string().label('Issuer URL').trim().required().url(),
  client_id: yup.string().label('Client ID').trim().required(),
  client_secret: yup.string().label('Client secret').trim().default(''),
  domains: yup.string().label('Email domains').trim().required(),
  enabled: yup.boolean().default(false),
});
type Values = yup.InferType<typeof schema>;

const valuesOf = (settings: SsoSettings | null): Values => ({
  issuer: settings?.issuer ?? '',
  client_id: settings?.client_id ?? '',
  client_secret: '',
  domains: settings?.domains.join(', ') ?? '',
  enabled: settings?.enabled ?? true,
});

/** The organization's OpenID Connect provider. The stored secret is never shown; left empty it is kept. */
export function SsoSettingsForm({ settings, callbackUrl }: { settings: SsoSettings | null; callbackUrl: string }) {
  const save = useSaveSsoSettings();
  const remove = useRemoveSsoSettings();
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: yupResolver(schema),
    defaultValues: valuesOf(settings),
  });
  useUnsavedChangesPrompt(formState.isDirty && !formState.isSubmitting);
  useEffect(() => reset(valuesOf(settings)), [settings, reset]);
  const submit = handleSubmit(async ({ client_secret, domains, ...rest }) => {
    await save.mutateAsync({
      ...rest,
      domains: domains.split(/[\s,]+/).filter(Boolean),
      ...(client_secret && { client_secret }),
    });
    showToast('success', 'Single sign-on saved');
  });
  const fieldError = (name: string) =>
    (save.error as { fields?: Record<string, string[]> } | null)?.fields?.[name]?.[0];
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <Stack gap="sm" maw={560}>
        {save.isError && <ErrorAlert error={save.error} title="Could not save single sign-on" />}
        {remove.isError && <ErrorAlert error={remove.error} title="Could not turn off single sign-on" />}
        <TextInput
          label="Issuer URL"
          description="Your identity provider's OpenID Connect issuer, such as https://login.example.com"
          {...register('issuer')}
          error={formState.errors.issuer?.message ?? fieldError('issuer')}
        />
        <TextInput
          label="Client ID"
          {...register('client_id')}
          error={formState.errors.client_id?.message ?? fieldError('client_id')}
        />
        <PasswordInput
          label="Client secret"
          description={settings ? `Stored (${settings.client_secret_hint}). Leave empty to keep it.` : undefined}
          autoComplete="off"
          {...register('client_secret')}
          error={formState.errors.client_secret?.message ?? fieldError('client_secret')}
        />
        <TextInput
          label="Email domains"
          description="People with these email domains sign in through your provider, such as example.com, example.org"
          {...register('domains')}
          error={formState.errors.domains?.message ?? fieldError('domains')}
        />
        <Switch label="Enabled" {...register('enabled')} />
        <Text size="sm" c="dimmed">
          Redirect URI to register at your provider:{' '}
          <Text span ff="monospace" style={{ wordBreak: 'break-all' }}>
            {callbackUrl}
          </Text>
        </Text>
        <Group>
          <Button type="submit" loading={formState.isSubmitting}>
            Save
          </Button>
          {settings && (
            <Button variant="outline" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              Turn off single sign-on
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
