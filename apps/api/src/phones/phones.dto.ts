import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  AddAlternativeEmailRequest,
  AddPhoneRequest,
  PhonesQuery,
  ResendPhoneRequest,
  VerifyPhoneRequest,
} from '@tocsin/contracts';
import {
  ALTERNATIVE_EMAIL_MESSAGES,
  EMAIL_MAX_LENGTH,
  FIELD_MESSAGES,
  isVerificationCodeFormat,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_WRONG_ATTEMPTS,
  PHONE_CODE_TTL_MS,
  PHONE_CODES_PER_HOUR,
  PHONE_MESSAGES,
  PHONE_VERIFICATION_METHODS,
  type PhoneVerificationMethod,
} from '@tocsin/domain';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, ValidateBy, type ValidationArguments } from 'class-validator';
import { PageQueryDto } from '../shared/page-query.dto';
import { parsePhoneNumber } from './phone-number';

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** One message per field: 'Phone number is required' or 'Phone number is not valid' (SPEC.md section 5). */
const IsPhoneNumber = () =>
  ValidateBy({
    name: 'phoneNumber',
    validator: {
      validate: (value: unknown) => 'number' in parsePhoneNumber(value),
      defaultMessage: (args?: ValidationArguments) => {
        const parsed = parsePhoneNumber(args?.value);
        return 'error' in parsed ? parsed.error : PHONE_MESSAGES.numberInvalid;
      },
    },
  });

/** 'Required' when missing, 'Code must be 6 digits' otherwise (SPEC.md section 5). */
const IsVerificationCode = () =>
  ValidateBy({
    name: 'verificationCode',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isVerificationCodeFormat(value),
      defaultMessage: (args?: ValidationArguments) =>
        blank(args?.value) ? PHONE_MESSAGES.codeRequired : PHONE_MESSAGES.codeFormat,
    },
  });

const METHOD = {
  enum: PHONE_VERIFICATION_METHODS,
  description: 'How the code is sent: SMS, a voice call reading it, or WhatsApp',
};

export class PhonesQueryDto extends PageQueryDto implements PhonesQuery {
  @ApiPropertyOptional({ description: 'Only verified (true) or unverified (false) numbers' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: FIELD_MESSAGES.boolean('verified') })
  verified?: boolean;
}

export class AddPhoneDto implements AddPhoneRequest {
  @ApiProperty({
    description: 'International format preferred; without a country code +1 is assumed. Stored as E.164.',
    example: '+14155552671',
  })
  @IsPhoneNumber()
  number!: string;

  @ApiPropertyOptional({
    ...METHOD,
    description: `${METHOD.description}. Required unless simple verification is on (then sms).`,
  })
  @IsOptional()
  @IsIn(PHONE_VERIFICATION_METHODS, { message: PHONE_MESSAGES.method })
  verification_method?: PhoneVerificationMethod;

  @ApiPropertyOptional({
    description: `Simple verification mode only (SIMPLE_PHONE_VERIFICATION=true): must be true; the number is verified at once. '${PHONE_MESSAGES.consent}'`,
  })
  @IsOptional()
  @IsBoolean({ message: PHONE_MESSAGES.consent })
  consent?: boolean;
}

export class VerifyPhoneDto implements VerifyPhoneRequest {
  @ApiProperty({
    description: `The ${PHONE_CODE_LENGTH}-digit code sent to the number. It works for ${PHONE_CODE_TTL_MS / 60_000} minutes; ${PHONE_CODE_MAX_WRONG_ATTEMPTS} wrong codes void it.`,
    example: '123456',
  })
  @IsVerificationCode()
  code!: string;
}

export class ResendPhoneDto implements ResendPhoneRequest {
  @ApiPropertyOptional({
    ...METHOD,
    description: `${METHOD.description}. Defaults to the phone's method. At most ${PHONE_CODES_PER_HOUR} codes per number in any rolling hour.`,
  })
  @IsOptional()
  @IsIn(PHONE_VERIFICATION_METHODS, { message: PHONE_MESSAGES.method })
  verification_method?: PhoneVerificationMethod;
}

export class AddAlternativeEmailDto implements AddAlternativeEmailRequest {
  @ApiProperty({
    example: 'ana.oncall@example.com',
    description: 'Checked, trimmed and lowercased by the domain rules',
  })
  @ValidateBy({
    name: 'emailText',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH,
      defaultMessage: (args?: ValidationArguments) =>
        blank(args?.value) ? ALTERNATIVE_EMAIL_MESSAGES.required : ALTERNATIVE_EMAIL_MESSAGES.invalid,
    },
  })
  email!: string;
}
