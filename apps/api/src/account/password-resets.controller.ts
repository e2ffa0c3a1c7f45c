import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../access/access.decorators';
import { PublicUrl } from '../shared/public-url';
import { ForgotPasswordDto, ResetPasswordDto } from './account.dto';
import { PasswordService } from './password.service';

const NEUTRAL = 'If an account exists for this email, you will receive instructions to reset your password.';

@ApiTags('account')
@Controller()
export class PasswordResetsController {
  constructor(
    private readonly passwords: PasswordService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /** Always 202 with the same sentence, known address or not. */
  @Post('forgot_passwords')
  @Public()
  @HttpCode(202)
  async forgot(@Body() body: ForgotPasswordDto, @Req() request: Request): Promise<{ message: string }> {
    await this.passwords.requestReset(body.email, this.publicUrl.of(request), request.ip ?? 'unknown');
    return { message: NEUTRAL };
  }

  /** Sets a new password from an emailed link (single use, one hour) and ends every session of the user. */
  @Post('password_resets/:token')
  @Public()
  @HttpCode(204)
  async reset(@Param('token') token: string, @Body() body: ResetPasswordDto): Promise<void> {
    await this.passwords.reset(token, body);
  }
}
