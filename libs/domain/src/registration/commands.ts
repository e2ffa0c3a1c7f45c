export type RegistrationCommand =
  | {
      type: 'StartRegistration';
      registrationId: string;
      email: string;
      name: string;
      tokenHash: string;
      expiresAt: string;
    }
  | {
      type: 'CompleteRegistration';
      registrationId: string;
      tokenHash: string;
      userId: string;
      organizationId: string;
      now: string;
    };
