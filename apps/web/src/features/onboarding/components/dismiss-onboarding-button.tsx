import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toasts';
import { useCurrentUser } from '@/lib/get-me';
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
      <ConfirmDialog
        opened={opened}
        title="Dismiss onboarding?"
        confirmLabel="Dismiss"
        loading={dismiss.isPending}
        error={dismiss.error}
        errorTitle="Could not dismiss onboarding"
        onClose={close}
        onConfirm={confirm}
      >
        Onboarding will be marked complete for everyone in {me.organization.name}, and the Get Started entry leaves the
        navigation. The checklist stays at /onboarding for owners.
      </ConfirmDialog>
    </>
  );
}
