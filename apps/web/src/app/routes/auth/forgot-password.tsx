import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AuthCard } from '@/components/ui/auth-card';
import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <AuthCard
      title="Reset your password"
      footer={
        <Anchor component={Link} to="/sessions/new">
          Back to sign in
        </Anchor>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
