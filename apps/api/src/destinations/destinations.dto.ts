import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  AddChatDestinationRequest,
  RegisterPushDeviceRequest,
  VerifyChatDestinationRequest,
} from '@tocsin/contracts';
import {
  CHAT_DESTINATION_KINDS,
  CHAT_DESTINATION_MESSAGES,
  CHAT_DESTINATION_NAME_MAX_LENGTH,
  isPushPlatform,
  PUSH_DEVICE_MESSAGES,
  PUSH_DEVICE_NAME_MAX_LENGTH,
  PUSH_PLATFORMS,
  pushTokenProblem,
  webhookUrlProblem,
  WEBHOOK_URL_MAX_LENGTH,
  type ChatDestinationKind,
  type PushPlatform,
} from '@tocsin/domain';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy, type ValidationArguments } from 'class-validator';
import { VerifyPhoneDto } from '../phones/phones.dto';

/** The URL's one problem as the domain words it (https only in production is the service's to add). */
const IsWebhookUrl = () =>
  ValidateBy({
    name: 'webhookUrl',
    validator: {
      validate: (value: unknown) => webhookUrlProblem(value, false) === null,
      defaultMessage: (args?: ValidationArguments) => webhookUrlProblem(args?.value, false) ?? '',
    },
  });

/** The token judged for the platform sent beside it (an unknown platform is that field's problem alone). */
const IsPushToken = () =>
  ValidateBy({
    name: 'pushToken',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const platform = (args?.object as { platform?: unknown }).platform;
        return isPushPlatform(platform) ? pushTokenProblem(platform, value) === null : typeof value === 'string';
      },
      defaultMessage: (args?: ValidationArguments) => {
        const platform = (args?.object as { platform?: unknown }).platform;
        return (isPushPlatform(platform) && pushTokenProblem(platform, args?.value)) || 'token must be a string';
      },
    },
  });

export class AddChatDestinationDto implements AddChatDestinationRequest {
  @ApiProperty({ enum: CHAT_DESTINATION_KINDS, description: 'Which chat the incoming webhook belongs to' })
  @IsIn(CHAT_DESTINATION_KINDS, { message: CHAT_DESTINATION_MESSAGES.kind })
  type!: ChatDestinationKind;

  @ApiProperty({
    description: `The incoming webhook's URL (a secret: kept encrypted, never shown again whole). https:// in production; at most ${WEBHOOK_URL_MAX_LENGTH} characters; a host that resolves to a private address is refused.`,
    example: 'https://hooks.slack.com/services/T000/B000/XXXXXXXX',
  })
  @IsWebhookUrl()
  url!: string;

  @ApiPropertyOptional({ description: 'A name to tell it apart, e.g. the channel', example: '#ops-alerts' })
  @IsOptional()
  @IsString({ message: CHAT_DESTINATION_MESSAGES.name })
  @MaxLength(CHAT_DESTINATION_NAME_MAX_LENGTH, { message: CHAT_DESTINATION_MESSAGES.name })
  name?: string;
}

/** The same 6-digit code rules as a phone's. */
export class VerifyChatDestinationDto extends VerifyPhoneDto implements VerifyChatDestinationRequest {}

export class RegisterPushDeviceDto implements RegisterPushDeviceRequest {
  @ApiProperty({
    description:
      'The device token the platform gave the app: an APNs device token (hexadecimal) for ios, an FCM registration token for android and web',
    example: 'a'.repeat(64),
  })
  @IsPushToken()
  token!: string;

  @ApiProperty({ enum: PUSH_PLATFORMS, description: 'ios is paged through APNs, android and web through FCM' })
  @IsIn(PUSH_PLATFORMS, { message: PUSH_DEVICE_MESSAGES.platform })
  platform!: PushPlatform;

  @ApiPropertyOptional({ description: 'The device name the person recognises', example: "Ana's iPhone" })
  @IsOptional()
  @IsString({ message: PUSH_DEVICE_MESSAGES.name })
  @MaxLength(PUSH_DEVICE_NAME_MAX_LENGTH, { message: PUSH_DEVICE_MESSAGES.name })
  name?: string;
}
