import { DomainError } from '../shared/event';
import { isPendingCode, refuseTooManyCodes } from '../phones/codes';
import type { IssuedPhoneCode } from '../phones/events';
import type { ChatDestinationCommand } from './commands';
import {
  CHAT_DESTINATION_MESSAGES as MESSAGES,
  CHAT_DESTINATION_NAME_MAX_LENGTH,
  isChatDestinationKind,
} from './constants';
import type { ChatDestinationEvent } from './events';
import type { ChatDestinationState } from './state';

function invalid(field: string, message: string): never {
  throw new DomainError(message, 'invalid', { [field]: [message] });
}

/** The name shown beside the masked URL: optional, trimmed, at most 80 characters. */
function validName(name: unknown): string {
  if (name === undefined || name === null) return '';
  if (typeof name !== 'string' || name.trim().length > CHAT_DESTINATION_NAME_MAX_LENGTH) invalid('name', MESSAGES.name);
  return name.trim();
}

function codeSent(destinationId: string, state: ChatDestinationState, code: IssuedPhoneCode): ChatDestinationEvent {
  refuseTooManyCodes(state.sentAt, code.sentAt, MESSAGES.tooManyCodes, 'url');
  return { type: 'ChatDestinationCodeSent', data: { destinationId, ...code } };
}

export function decideChatDestination(
  command: ChatDestinationCommand,
  state: ChatDestinationState,
): ChatDestinationEvent[] {
  const { destinationId, userId } = command;
  if (command.type === 'AddChatDestination') {
    if (state.status !== 'absent') throw new DomainError('The destination already exists', 'conflict');
    if (!isChatDestinationKind(command.kind)) invalid('type', MESSAGES.kind);
    const name = validName(command.name);
    const { url, code } = command;
    return [
      { type: 'ChatDestinationAdded', data: { destinationId, userId, kind: command.kind, name, url } },
      codeSent(destinationId, state, code),
    ];
  }
  // another person's destination, like a removed one, does not exist for this caller
  if (state.status !== 'active' || state.userId !== userId) throw new DomainError(MESSAGES.notFound, 'not_found');
  switch (command.type) {
    case 'RemoveChatDestination':
      return [{ type: 'ChatDestinationRemoved', data: { destinationId, userId } }];
    case 'ResendChatDestinationCode':
      if (state.verified) throw new DomainError(MESSAGES.alreadyVerified, 'conflict');
      return [codeSent(destinationId, state, command.code)];
    case 'VerifyChatDestination':
      if (state.verified) throw new DomainError(MESSAGES.alreadyVerified, 'conflict');
      if (!isPendingCode(state.code, command.codeHash, command.now))
        return [
          { type: 'ChatDestinationVerificationFailed', data: { destinationId, attempts: state.code!.failures + 1 } },
        ];
      return [{ type: 'ChatDestinationVerified', data: { destinationId, userId } }];
  }
}
