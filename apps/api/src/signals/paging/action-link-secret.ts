import { Inject, Injectable } from '@nestjs/common';
import { secretKeyOf } from '@tocsin/platform';
import { CONFIG, type AppConfig } from '../../runtime/ports';

/**
 * The key of the signed action links (README, "Configuration"): ACTION_LINK_SECRET when set, else the random
 * key the platform makes once in DATA_DIR (secretKeyOf), so links stay valid across restarts of one
 * installation whose processes share that directory.
 */
@Injectable()
export class ActionLinkSecret {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  get value(): string {
    return secretKeyOf(this.config, 'ACTION_LINK_SECRET');
  }
}
