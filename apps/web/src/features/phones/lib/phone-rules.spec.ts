import { describe, expect, it } from '@jest/globals';
import { WINDOW_FLAGS } from '@tocsin/contracts';
import { isSimplePhoneVerification, offeredMethods } from './phone-options';
import { codeSchema, simplePhoneSchema } from './phone-rules';

const firstError = (schema: { validateSync(value: unknown): unknown }, value: unknown) => {
  try {
    schema.validateSync(value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('phone rules (SPEC.md sections 4 and 5)', () => {
  it('asks for a number, then a valid one', () => {
    expect(firstError(simplePhoneSchema, { number: '', consent: true })).toBe('Phone number is required');
    expect(firstError(simplePhoneSchema, { number: '+1415', consent: true })).toBe('Phone number is not valid');
    expect(firstError(simplePhoneSchema, { number: '+14155552671', consent: true })).toBeUndefined();
    expect(firstError(simplePhoneSchema, { number: '+442079460958', consent: true })).toBeUndefined();
  });

  it('needs consent in simple mode', () => {
    const message = 'You must agree to opting in to receive messages in order to use this service.';
    expect(firstError(simplePhoneSchema, { number: '+14155552671', consent: false })).toBe(message);
    expect(firstError(simplePhoneSchema, { number: '+14155552671' })).toBe(message);
  });

  it('wants exactly six digits of code', () => {
    expect(firstError(codeSchema, { code: '' })).toBe('Required');
    expect(firstError(codeSchema, { code: '12345' })).toBe('Code must be 6 digits');
    expect(firstError(codeSchema, { code: '123456' })).toBeUndefined();
  });

  it('reads simple mode only from the string true', () => {
    expect(isSimplePhoneVerification({ [WINDOW_FLAGS.simplePhoneVerification]: 'true' })).toBe(true);
    expect(isSimplePhoneVerification({ [WINDOW_FLAGS.simplePhoneVerification]: true })).toBe(false);
    expect(isSimplePhoneVerification({ [WINDOW_FLAGS.simplePhoneVerification]: 'false' })).toBe(false);
    expect(isSimplePhoneVerification({})).toBe(false);
  });

  it('offers WhatsApp unless the organization hides it', () => {
    expect(offeredMethods(false)).toEqual(['sms', 'voice', 'whats_app']);
    expect(offeredMethods(true)).toEqual(['sms', 'voice']);
  });
});
