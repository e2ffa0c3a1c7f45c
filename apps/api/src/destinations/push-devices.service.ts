import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { PushDevice } from '@tocsin/contracts';
import {
  DomainError,
  maskPushToken,
  MAX_PUSH_DEVICES_PER_USER,
  PUSH_DEVICE_MESSAGES as MESSAGES,
  PUSH_PLATFORM_TYPES,
} from '@tocsin/domain';
import { pushDevicesView, type PushDeviceDoc } from '@tocsin/read-models';
import { Commands } from '../commands/commands';
import { pushDeviceCommand } from '../commands/aggregates';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { SecretBox } from '../signals/event-sources/secret-box';
import { deterministicId } from '../shared/event-sourced';
import type { RequestContext } from '../shared/request-context';
import type { RegisterPushDeviceDto } from './destinations.dto';

const present = (doc: PushDeviceDoc): PushDevice => ({
  id: doc._id,
  platform: doc.platform,
  type: PUSH_PLATFORM_TYPES[doc.platform],
  name: doc.name,
  token_hint: doc.token_hint,
  created_at: doc.created_at,
  updated_at: doc.updated_at,
});

/**
 * The caller's push devices: the app registers its token at each start (the same token again is the same device),
 * the person lists and removes them. A device needs no code: only the app holding the person's session has the
 * token, so registering it is the proof.
 */
@Injectable()
export class PushDevicesService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly box: SecretBox,
    private readonly commands: Commands,
  ) {}

  async list(userId: string): Promise<PushDevice[]> {
    return (await pushDevicesView.ofUser(this.store, userId)).map(present);
  }

  async find(userId: string, id: string): Promise<PushDevice> {
    const doc = await pushDevicesView.byId(this.store, userId, id);
    if (!doc) throw new NotFoundException({ error: 'not_found', message: MESSAGES.notFound });
    return present(doc);
  }

  async register(userId: string, body: RegisterPushDeviceDto, context: RequestContext): Promise<PushDevice> {
    // one id per (person, token), keyed: the same token registered again is the same device, and the id tells nothing
    const deviceId = deterministicId(`push-device/${userId}/${this.box.digest(body.token)}`);
    const mine = await pushDevicesView.ofUser(this.store, userId);
    if (!mine.some((doc) => doc._id === deviceId) && mine.length >= MAX_PUSH_DEVICES_PER_USER)
      throw new DomainError(MESSAGES.tooMany, 'conflict', { token: [MESSAGES.tooMany] });
    await this.commands.run(
      pushDeviceCommand(
        {
          type: 'RegisterPushDevice',
          deviceId,
          userId,
          platform: body.platform,
          name: body.name,
          token: this.box.seal(body.token),
          tokenHint: maskPushToken(body.token),
        },
        context,
      ),
      pushDevicesView.name,
    );
    return this.find(userId, deviceId);
  }

  async remove(userId: string, id: string, context: RequestContext): Promise<void> {
    await this.commands.run(
      pushDeviceCommand({ type: 'RemovePushDevice', deviceId: id, userId }, context),
      pushDevicesView.name,
    );
  }
}
