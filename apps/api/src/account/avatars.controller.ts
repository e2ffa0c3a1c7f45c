/// <reference types="multer" />
import {
  ArgumentsHost,
  Catch,
  Controller,
  ExceptionFilter,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
  UnprocessableEntityException,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { AccountProfile } from '@tocsin/contracts';
import { membershipsView, usersView } from '@tocsin/read-models';
import type { Request, Response } from 'express';
import { join, resolve } from 'node:path';
import { SignedIn } from '../access/access.decorators';
import { CONFIG, READ_STORE, type AppConfig, type ReadStore } from '../runtime/ports';
import { Ctx, type RequestContext } from '../shared/request-context';
import { personalIdentity } from './account-identity';
import { ProfileService } from './profile.service';
import {
  acceptedKind,
  AVATAR_MAX_BYTES,
  avatarDir,
  CONTENT_TYPES,
  DEFAULT_AVATAR,
  DEFAULT_AVATAR_PATH,
  kindOfStoredName,
  SIZE_REFUSED,
  STORED_NAME,
  TYPE_REFUSED,
} from './avatar-files';

/** Multer stops reading at the limit and Nest answers 413 'File too large': say it as the spec does. */
@Catch(PayloadTooLargeException)
class AvatarTooLarge implements ExceptionFilter {
  catch(_: PayloadTooLargeException, host: ArgumentsHost) {
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(413)
      .json({ error: 'invalid', message: SIZE_REFUSED, fields: { avatar: [SIZE_REFUSED] } });
  }
}

const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;
const notFound = () => new NotFoundException({ error: 'not_found', message: 'Not found' });

@ApiTags('account')
@Controller()
export class AvatarsController {
  constructor(
    private readonly profiles: ProfileService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** Multipart field `avatar`: .png, .jpg, .jpeg or .svg, checked by content, at most 5 MB. */
  @Post('api/v1/account/avatar')
  @SignedIn()
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @UseFilters(AvatarTooLarge)
  @UseInterceptors(FileInterceptor('avatar', { limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } }))
  async upload(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Req() request: Request,
    @Ctx() context: RequestContext,
  ): Promise<{ data: AccountProfile }> {
    const identity = personalIdentity(request);
    if (!file)
      throw new UnprocessableEntityException({
        error: 'invalid',
        message: 'Choose an image to upload',
        fields: { avatar: ['Required'] },
      });
    const kind = acceptedKind(file.originalname, file.buffer);
    if (!kind)
      throw new UnprocessableEntityException({
        error: 'invalid',
        message: TYPE_REFUSED,
        fields: { avatar: [TYPE_REFUSED] },
      });
    return { data: await this.profiles.changeAvatar(identity.userId, kind, file.buffer, context) };
  }

  /** The caller's own avatar or that of someone in their current organization; the default image when none was uploaded. */
  @Get('avatars/:userId/:imageName')
  @SignedIn()
  async serve(
    @Param('userId') userId: string,
    @Param('imageName') imageName: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const identity = request.identity!;
    if (!USER_ID.test(userId)) throw notFound();
    const store = this.readStore;
    const [user, membership] = await Promise.all([
      usersView.byId(store, userId),
      userId === identity.userId ? null : membershipsView.of(store, identity.orgId, userId),
    ]);
    if (!user || (userId !== identity.userId && !membership)) throw notFound();
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (imageName === user.avatar && STORED_NAME.test(imageName)) {
      // An uploaded SVG opened on its own must not run script or load anything.
      response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      response.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
      response.type(CONTENT_TYPES[kindOfStoredName(imageName)]);
      return this.send(response, resolve(join(avatarDir(this.config.DATA_DIR, userId), imageName)));
    }
    if (imageName !== DEFAULT_AVATAR) throw notFound();
    response.setHeader('Cache-Control', 'private, max-age=3600');
    return this.send(response, DEFAULT_AVATAR_PATH);
  }

  private send(response: Response, path: string): Promise<void> {
    // A file missing on this node (e.g. a data directory not shared between nodes) is a 404, not a 500.
    return new Promise((done, fail) =>
      response.sendFile(path, (error?: Error & { code?: string }) =>
        !error ? done() : fail(error.code === 'ENOENT' ? notFound() : error),
      ),
    );
  }
}
