import { ForbiddenException } from '@nestjs/common';
import { usersProjection } from '@tocsin/projector';
import type { Runtime } from '../runtime/runtime';

/** Tocsin operators are the people ADMIN_EMAILS names: they support every organization (staff sessions, plan limits). */
export async function isOperator(runtime: Runtime, userId: string): Promise<boolean> {
  const user = await runtime.infra.readStore.findOne(usersProjection.collection, { _id: userId });
  return !!user && runtime.config.ADMIN_EMAILS.includes(String(user.email));
}

export async function assertOperator(runtime: Runtime, userId: string, refusal: string): Promise<void> {
  if (!(await isOperator(runtime, userId))) throw new ForbiddenException({ error: 'forbidden', message: refusal });
}
