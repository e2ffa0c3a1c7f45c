import { phonesView, type PhoneDoc } from '@tocsin/read-models';
import { startApp, type TestApp } from '../support/app';
import { newUser } from './account.support';
import { freshNumber, lastCode, PHONES } from './phones.support';

/**
 * The phones view lags the log whenever the projector runs apart from the api (or is busy): a person who asks for
 * a new code and types it at once must not be told it is wrong because the view lags (it holds no code's salt:
 * the phone's stream does).
 * The lag is made exact here: the view's document is put back as it was before the resend, as a projector that
 * has not folded the resend yet would show it; the log holds the resend.
 */
describe('phone verification while the phones view lags behind the log', () => {
  let app: TestApp;
  beforeAll(async () => (app = await startApp()));
  afterAll(() => app.close());

  it('checks the newest code against the salt in the phone’s stream, not the view’s older one', async () => {
    const { client, userId } = await newUser(app, 'phone-lag');
    const number = freshNumber();
    const added = await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(201);
    const phoneId = added.body.data.id as string;
    const store = app.runtime.infra.readStore;
    const before = (await phonesView.byId(store, userId, phoneId)) as PhoneDoc;

    await client.put(`${PHONES}/${phoneId}/resend`).send({}).expect(200);
    const newest = await lastCode(app, number);
    const after = (await phonesView.byId(store, userId, phoneId)) as PhoneDoc;
    expect(after.updated_at).not.toBe(before.updated_at);
    // the view holds no salt or code: only the stream can check one
    expect(Object.keys(after)).not.toEqual(expect.arrayContaining([expect.stringMatching(/salt|code/i)]));
    // the view as a projector that has not folded the resend shows it (written under a projection of its own)
    await store.commit('test-lagging-phones', { position: 0, version: 1 }, [
      { op: 'put', collection: phonesView.collection, doc: { ...before } },
    ]);
    expect((await phonesView.byId(store, userId, phoneId))?.updated_at).toBe(before.updated_at);

    const verified = await client.put(`${PHONES}/${phoneId}/verify`).send({ code: newest }).expect(200);
    expect(verified.body.data).toMatchObject({ id: phoneId, verified: true });
  });
});
