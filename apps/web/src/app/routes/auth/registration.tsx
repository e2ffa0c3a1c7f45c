import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AuthCard } from '@/components/ui/auth-card';
import { RegistrationForm } from '@/features/registration/components/registration-form';

export function RegistrationRoute() {
  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/sessions/new">
            Sign in
          </Anchor>
        </>
      }
    >
      <RegistrationForm />
    </AuthCard>
  );
}
