import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { ResetPasswordForm } from '@/features/account/components/reset-password-form';
import { AuthCard } from '@/components/ui/auth-card';

/** /password_resets/{token}: the page the reset email links to. */
export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Anchor component={Link} to="/sessions/new">
          Back to sign in
        </Anchor>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
