import { ForbiddenException } from '@nestjs/common';
import { usersView } from '@tocsin/read-models';
import type { AppConfig, ReadStore } from '../runtime/ports';

/** Tocsin operators are the people ADMIN_EMAILS names: they support every organization (staff sessions, plan limits). */
export async function isOperator(
  readStore: ReadStore,
  config: Pick<AppConfig, 'ADMIN_EMAILS'>,
  userId: string,
): Promise<boolean> {
  const user = await usersView.byId(readStore, userId);
  return !!user && config.ADMIN_EMAILS.includes(String(user.email));
}

export async function assertOperator(
  readStore: ReadStore,
  config: Pick<AppConfig, 'ADMIN_EMAILS'>,
  userId: string,
  refusal: string,
): Promise<void> {
  if (!(await isOperator(readStore, config, userId)))
    throw new ForbiddenException({ error: 'forbidden', message: refusal });
}
