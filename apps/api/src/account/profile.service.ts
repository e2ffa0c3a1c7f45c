import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { avatarPath, type AccountProfile } from '@tocsin/contracts';
import { AccountCommands } from '../identity/account-commands';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { ProjectionProgress } from '../shared/projection-progress';
import type { RequestContext } from '../shared/request-context';
import { removeAvatar, storeAvatar } from './avatar-files';

/** The user's own profile: name, avatar and default organization, each a command on the user stream. */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: AccountCommands,
    private readonly progress: ProjectionProgress,
  ) {}

  async profileOf(userId: string): Promise<AccountProfile> {
    const user = await this.runtime.infra.readStore.findOne('users', { _id: userId });
    if (!user) throw new NotFoundException({ error: 'not_found', message: 'User not found' });
    const pending = user.pendingEmail as { email: string; expiresAt: string } | null | undefined;
    const pendingEmail = pending && Date.parse(pending.expiresAt) > this.runtime.clock.now() ? pending.email : null;
    return { id: userId, name: String(user.name), email: String(user.email), avatarUrl: avatarPath(userId, user.avatar as string | null), pendingEmail };
  }

  async rename(userId: string, name: string, context: RequestContext): Promise<AccountProfile> {
    const { position } = await this.commands.user({ type: 'UpdateProfile', userId, name }, context);
    await this.progress.waitFor('users', position);
    return this.profileOf(userId);
  }

  /** The file is written first and recorded second; the replaced file goes once the new one is recorded. */
  async changeAvatar(userId: string, kind: 'png' | 'jpg' | 'svg', bytes: Buffer, context: RequestContext): Promise<AccountProfile> {
    const dataDir = this.runtime.config.DATA_DIR;
    const previous = (await this.runtime.infra.readStore.findOne('users', { _id: userId }))?.avatar as string | null | undefined;
    const imageName = await storeAvatar(dataDir, userId, kind, bytes);
    try {
      const { position } = await this.commands.user({ type: 'ChangeAvatar', userId, imageName }, context);
      await this.progress.waitFor('users', position);
    } catch (error) {
      await removeAvatar(dataDir, userId, imageName);
      throw error;
    }
    if (previous) await removeAvatar(dataDir, userId, previous);
    return this.profileOf(userId);
  }

  async setDefaultOrganization(userId: string, organizationId: string, context: RequestContext): Promise<void> {
    const isMember = !!(await this.runtime.infra.readStore.findOne('memberships', { _id: `${organizationId}:${userId}` }));
    const { position } = await this.commands.user({ type: 'SetDefaultOrganization', userId, organizationId, isMember }, context);
    await this.progress.waitFor('users', position);
  }
}
