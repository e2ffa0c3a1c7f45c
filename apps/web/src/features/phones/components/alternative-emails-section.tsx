import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { AlternativeEmail } from '@tocsin/contracts';
import { EMAIL_MAX_LENGTH } from '@tocsin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { showToast } from '@/components/ui/toasts';
import { useAddAlternativeEmail } from '../api/add-alternative-email';
import { useDeleteAlternativeEmail } from '../api/delete-alternative-email';
import { useAlternativeEmails } from '../api/get-alternative-emails';
import { useResendAlternativeEmail } from '../api/resend-alternative-email';
import { fieldProblem, toastFailure } from '../lib/failures';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DestinationRowActions } from './destination-row-actions';
import { StatusBadge } from './status-badge';

// yup's own wording ('email is a required field', 'email must be a valid email'), as the server's.
const schema = yup.object({ email: yup.string().trim().required().email().max(EMAIL_MAX_LENGTH) });

/** Extra addresses for notifications; each is verified by the link emailed to it, then becomes an email destination. */
export function AlternativeEmailsSection() {
  const emails = useAlternativeEmails();
  const add = useAddAlternativeEmail();
  const resend = useResendAlternativeEmail();
  const remove = useDeleteAlternativeEmail();
  const [deleting, setDeleting] = useState<AlternativeEmail | null>(null);
  const form = useForm({ resolver: yupResolver(schema), defaultValues: { email: '' } });

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const added = await add.mutateAsync({ email });
      form.reset({ email: '' });
      showToast('success', `Verification email sent to ${added.email}`);
    } catch (error) {
      form.setError('email', { message: fieldProblem(error, 'email') ?? (error as Error).message });
      toastFailure(error);
    }
  });
  const resendLink = async (email: AlternativeEmail) => {
    try {
      await resend.mutateAsync(email.id);
      showToast('success', `Verification email sent again to ${email.email}`);
    } catch (error) {
      toastFailure(error);
    }
  };
  const confirmDelete = async (email: AlternativeEmail) => {
    try {
      await remove.mutateAsync(email.id);
      showToast('success', 'Alternative email has been deleted');
      setDeleting(null);
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="alternative-emails-title">
      <div>
        <Title order={3} size="h5" id="alternative-emails-title">
          Alternative emails
        </Title>
        <Text size="sm" c="dimmed">
          Alerts can also go to these addresses once each is verified from the link we email to it.
        </Text>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add alternative email">
        <Group align="flex-start" gap="xs">
          <TextInput
            flex={1}
            maw={360}
            aria-label="Alternative email address"
            placeholder="name@example.com"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <Button type="submit" variant="light" loading={form.formState.isSubmitting}>
            Add email
          </Button>
        </Group>
      </form>
      {emails.isPending ? (
        <LoadingArea />
      ) : emails.isError ? (
        <ErrorAlert error={emails.error} title="Could not load your alternative emails" />
      ) : emails.data.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="alternative-emails-empty">
          No alternative emails yet.
        </Text>
      ) : (
        <Table aria-label="Alternative emails" verticalSpacing="xs">
          <Table.Tbody>
            {emails.data.map((email) => (
              <Table.Tr key={email.id} data-testid="alternative-email-row">
                <Table.Td>
                  <Text fw={500} size="sm">
                    {email.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge verified={email.verified} />
                </Table.Td>
                <Table.Td>
                  <DestinationRowActions
                    name={email.email}
                    verify={
                      email.verified
                        ? undefined
                        : {
                            label: 'Resend link',
                            ariaLabel: `Resend link to ${email.email}`,
                            onClick: () => void resendLink(email),
                            loading: resend.isPending && resend.variables === email.id,
                          }
                    }
                    onDelete={() => setDeleting(email)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete alternative email"
          confirmLabel="Delete"
          loading={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        >
          Delete {deleting.email}? Notifications will no longer be sent to it.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
