import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ErrorAlert } from '@/components/ui/error-alert';
import { showToast } from '@/components/ui/toasts';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useDismissOnboarding } from '../api/dismiss-onboarding';

/** Dismissing ends onboarding for the whole organization, so it is asked once more. */
export function DismissOnboardingButton({ label = 'Dismiss onboarding' }: { label?: string }) {
  const me = useCurrentUser();
  const [opened, { open, close }] = useDisclosure(false);
  const dismiss = useDismissOnboarding();
  const confirm = () =>
    dismiss.mutate(undefined, {
      onSuccess: () => {
        close();
        showToast('success', 'Onboarding dismissed');
      },
    });
  return (
    <>
      <Button variant="subtle" color="gray" onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title="Dismiss onboarding?" centered>
        {dismiss.isError && <ErrorAlert error={dismiss.error} title="Could not dismiss onboarding" />}
        <Text>
          Onboarding will be marked complete for everyone in {me.organization.name}, and the Get Started entry leaves the navigation. The checklist stays
          at /onboarding for owners.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={dismiss.isPending} onClick={confirm}>
            Dismiss
          </Button>
        </Group>
      </Modal>
    </>
  );
}
