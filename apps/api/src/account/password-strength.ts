import { UnprocessableEntityException } from '@nestjs/common';
import { passwordErrorText, passwordStrengthErrors } from '@tocsin/domain';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

let checker: ZxcvbnFactory | undefined;

/**
 * zxcvbn-ts with its common-password and English dictionaries, built on first use (half a second).
 * Bounded: it looks at the first 64 characters and at few l33t substitutions, or one crafted
 * password costs seconds of CPU; a longer password that passes up to there is strong anyway.
 */
function zxcvbn(): ZxcvbnFactory {
  return (checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    maxLength: 64,
    l33tMaxSubstitutions: 10,
  }));
}

/** Refuses (422, the web shows the sentence) a password that is common or holds the account's email. Call before anything is written. */
export function assertStrongPassword(password: string, email: string): void {
  const local = email.split('@')[0] ?? '';
  const strength = zxcvbn().check(password, [email, local]).score;
  const fields = passwordStrengthErrors(password, email, strength);
  if (Object.keys(fields).length > 0) {
    throw new UnprocessableEntityException({
      error: 'invalid',
      message: passwordErrorText(fields) ?? 'Invalid password',
      fields,
    });
  }
}
