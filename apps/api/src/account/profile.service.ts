import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { avatarPath, type AccountProfile } from '@tocsin/contracts';
import { userCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { CLOCK, CONFIG, READ_STORE, type AppConfig, type Clock, type ReadStore } from '../runtime/ports';
import { membershipsView, usersView } from '@tocsin/read-models';
import type { RequestContext } from '../shared/request-context';
import { removeAvatar, storeAvatar } from './avatar-files';

/** The user's own profile: name, avatar and default organization, each a command on the user stream. */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly commands: Commands,
  ) {}

  async profileOf(userId: string): Promise<AccountProfile> {
    const user = await usersView.byId(this.readStore, userId);
    if (!user) throw new NotFoundException({ error: 'not_found', message: 'User not found' });
    const pending = user.pendingEmail as { email: string; expiresAt: string } | null | undefined;
    const pendingEmail = pending && Date.parse(pending.expiresAt) > this.clock.now() ? pending.email : null;
    return {
      id: userId,
      name: String(user.name),
      email: String(user.email),
      avatarUrl: avatarPath(userId, user.avatar as string | null),
      pendingEmail,
    };
  }

  async rename(userId: string, name: string, context: RequestContext): Promise<AccountProfile> {
    await this.commands.run(userCommand({ type: 'UpdateProfile', userId, name }, context), usersView.name);
    return this.profileOf(userId);
  }

  /** The file is written first and recorded second; the replaced file goes once the new one is recorded. */
  async changeAvatar(
    userId: string,
    kind: 'png' | 'jpg' | 'svg',
    bytes: Buffer,
    context: RequestContext,
  ): Promise<AccountProfile> {
    const dataDir = this.config.DATA_DIR;
    const previous = (await usersView.byId(this.readStore, userId))?.avatar as string | null | undefined;
    const imageName = await storeAvatar(dataDir, userId, kind, bytes);
    try {
      await this.commands.run(userCommand({ type: 'ChangeAvatar', userId, imageName }, context), usersView.name);
    } catch (error) {
      await removeAvatar(dataDir, userId, imageName);
      throw error;
    }
    if (previous) await removeAvatar(dataDir, userId, previous);
    return this.profileOf(userId);
  }

  async setDefaultOrganization(userId: string, organizationId: string, context: RequestContext): Promise<void> {
    const isMember = !!(await membershipsView.of(this.readStore, organizationId, userId));
    await this.commands.run(
      userCommand({ type: 'SetDefaultOrganization', userId, organizationId, isMember }, context),
      usersView.name,
    );
  }
}
