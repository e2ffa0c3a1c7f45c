import { Inject, Injectable } from '@nestjs/common';
import { bearerOf, sameSecret } from '@tocsin/platform';
import { webhookTargetsView, type WebhookTargetDoc } from '@tocsin/read-models';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import { SecretBox } from '../event-sources/secret-box';

/** A target's secrets in the clear, for signing a delivery and for a receiver proving it is the target's. */
@Injectable()
export class WebhookTargetSecrets {
  constructor(
    private readonly box: SecretBox,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** The current secret, then the previous one while a rotation is under way (a secret sealed under a lost key is left out). */
  of(target: WebhookTargetDoc): string[] {
    return [target.secret, target.previousSecret]
      .map((sealed) => (sealed ? this.box.open(sealed) : null))
      .filter((secret): secret is string => secret !== null);
  }

  /** The target whose secret `authorization` carries (`Bearer <secret>`), or null: unknown ids and wrong secrets alike. */
  async targetOfBearer(id: string, authorization: string | undefined): Promise<WebhookTargetDoc | null> {
    const presented = bearerOf(authorization);
    if (!presented || presented.length > 200) return null;
    const target = await webhookTargetsView.findOne(this.store, { _id: id });
    if (!target) return null;
    const matches = this.of(target).some((secret) => sameSecret(presented, secret));
    return matches ? target : null;
  }
}
