import type { UserEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { usersView, type UserDoc } from '../../users.read-model';

export const usersProjection: Projection<UserDoc> = {
  name: usersView.name,
  version: 6,
  collection: usersView.collection,
  indexes: usersView.indexes,
  handles: [
    'UserRegistered',
    'PasswordChanged',
    'DefaultOrganizationSet',
    'ProfileUpdated',
    'AvatarChanged',
    'PasswordResetRequested',
    'PasswordReset',
    'CalendarTokenIssued',
    'CalendarTokenRotated',
    'EmailChangeRequested',
    'EmailChanged',
    'SsoLinked',
  ],
  documentIds: (event) => [(event.data as { userId: string }).userId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, email, name, passwordHash } = event.data;
        return {
          _id: userId,
          email,
          name,
          passwordHash,
          defaultOrganization: null,
          createdAt: at,
          passwordChangedAt: null,
          avatar: null,
          calendarToken: null,
          resetTokenHashes: [],
          pendingEmail: null,
          emailChangeTokenHash: null,
          ssoEnabled: false,
          ssoOrganizationId: null,
        };
      }
      case 'PasswordChanged':
      case 'PasswordReset':
        return doc && { ...doc, passwordHash: event.data.passwordHash, passwordChangedAt: at, resetTokenHashes: [] };
      case 'DefaultOrganizationSet':
        return doc && { ...doc, defaultOrganization: event.data.organizationId };
      case 'ProfileUpdated':
        return doc && { ...doc, name: event.data.name };
      case 'AvatarChanged':
        return doc && { ...doc, avatar: event.data.imageName };
      case 'PasswordResetRequested':
        return doc && { ...doc, resetTokenHashes: [...doc.resetTokenHashes, event.data.tokenHash] };
      case 'CalendarTokenIssued':
        return doc && { ...doc, calendarToken: event.data.token };
      case 'CalendarTokenRotated':
        return (
          doc && {
            ...doc,
            calendarToken: null,
            calendarTokenHash: event.data.tokenHash,
            calendarRotationId: event.data.rotationId,
          }
        );
      case 'EmailChangeRequested': {
        const { email, tokenHash, expiresAt } = event.data;
        return doc && { ...doc, pendingEmail: { email, tokenHash, expiresAt }, emailChangeTokenHash: tokenHash };
      }
      case 'EmailChanged':
        return doc && { ...doc, email: event.data.email, pendingEmail: null, emailChangeTokenHash: null };
      case 'SsoLinked':
        return doc && { ...doc, ssoEnabled: true, ssoOrganizationId: event.data.organizationId };
    }
  },
};
