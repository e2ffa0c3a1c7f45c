import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { WINDOW_FLAGS } from '@tocsin/contracts';
import { resolve } from 'node:path';
import { AppModule } from './app.module';
import { csrfMiddleware } from './access/csrf.middleware';
import { ApiKeyIdentities } from './api-keys/api-key-identities';
import { SESSION_STORE } from './sessions/session-registry';
import { sessionMiddleware } from './sessions/session.middleware';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import type { Runtime } from './runtime/runtime';
import { ApiExceptionFilter } from './shared/api-exception.filter';
import { PinoNestLogger, requestLogger } from './shared/pino-nest-logger';
import { jsonBody } from './shared/request-body';
import { requestLimits } from './shared/request-limits.middleware';
import { apiValidationPipe } from './shared/validation.pipe';
import { securityHeaders } from './web/security-headers';
import { flagScriptText, webApp } from './web/web-app.middleware';

export const DEFAULT_WEB_DIST = resolve(__dirname, '../../web/dist');

/** Builds the HTTP + socket application on a runtime; the caller listens. */
export async function createApp(
  runtime: Runtime,
  extraModules: Array<new () => unknown> = [],
): Promise<INestApplication> {
  const root = AppModule.register(runtime);
  const app = await NestFactory.create<NestExpressApplication>(
    { ...root, imports: [...(root.imports ?? []), ...extraModules] },
    {
      logger: new PinoNestLogger(runtime.logger),
      bodyParser: false,
    },
  );
  app.disable('x-powered-by');
  // No weak ETag on answers sent by the app: Express hashes every body for one (SHA-1, 3% of an authenticated
  // GET's CPU in the api's profile), and a member's data is not meant to be revalidated from a browser's cache.
  // Static files keep theirs (express.static sets its own), and the app's page sets one (web-app.middleware.ts).
  app.set('etag', false);
  // request.ip: the client's address, read from X-Forwarded-For only when a trusted proxy wrote it
  app.set('trust proxy', runtime.config.TRUST_PROXY);
  const windowFlags = { [WINDOW_FLAGS.simplePhoneVerification]: String(runtime.config.SIMPLE_PHONE_VERIFICATION) };
  app.use(
    securityHeaders({
      production: runtime.config.NODE_ENV === 'production',
      inlineScripts: [flagScriptText(windowFlags)],
    }),
  );
  app.use(requestLogger(runtime.logger));
  app.use(sessionMiddleware(app.get(SESSION_STORE), runtime.infra.readStore));
  app.use(app.get(ApiKeyIdentities).middleware());
  // counted before the body is parsed: a flood is turned away before it costs more
  app.use(requestLimits(runtime));
  app.use(jsonBody());
  app.use(csrfMiddleware);
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(apiValidationPipe);
  if (runtime.infra.redis) app.useWebSocketAdapter(new RedisIoAdapter(app, runtime.infra.redis));

  const openApi = new DocumentBuilder().setTitle('Tocsin API').setVersion('1').build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  const webDist = runtime.config.WEB_DIST ?? DEFAULT_WEB_DIST;
  app.use(webApp(webDist, windowFlags));
  return app;
}
