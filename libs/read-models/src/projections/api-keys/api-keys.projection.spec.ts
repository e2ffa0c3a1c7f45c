import { apiKeyStream, type ApiKeyEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../test/support/projection-spec';
import { apiKeysProjection as view } from './api-keys.projection';

const recorded = eventRecorder<ApiKeyEvent>({ orgId: 'org-1' });

describe('API keys projection', () => {
  const log = eventLogPerTest('api-keys');

  it('keeps the current and the replaced secret hash, the last use and the revocation', async () => {
    const stream = apiKeyStream('k1');
    const created = {
      keyId: 'k1',
      orgId: 'org-1',
      ownerId: 'u1',
      name: 'Terraform',
      scopes: ['read_alerts' as const],
      teamId: null,
      expiresAt: null,
      secretHash: 'h1',
      secretHint: 'abcd',
      at: minute(0),
    };
    await log.events.append(
      stream,
      [
        recorded({ type: 'ApiKeyCreated', data: created }, minute(0)),
        recorded({ type: 'ApiKeyUsed', data: { keyId: 'k1', at: minute(1), address: '203.0.113.9' } }, minute(1)),
        recorded(
          {
            type: 'ApiKeyRotated',
            data: {
              keyId: 'k1',
              secretHash: 'h2',
              secretHint: 'wxyz',
              previousSecretHash: 'h1',
              previousValidUntil: minute(30),
              at: minute(2),
            },
          },
          minute(2),
        ),
        recorded({ type: 'ApiKeyRevoked', data: { keyId: 'k1', at: minute(3) } }, minute(3)),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(view, history);
    expect((await store.find(view.collection))[0]).toMatchObject({
      _id: 'k1',
      sortName: 'terraform',
      secretHash: 'h2',
      previousSecretHash: 'h1',
      previousValidUntil: minute(30),
      lastUsedAt: minute(1),
      lastUsedAddress: '203.0.113.9',
      revokedAt: minute(3),
      created_at: minute(0),
    });
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
