import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { WINDOW_FLAGS } from '@tocsin/contracts';
import express from 'express';
import { resolve } from 'node:path';
import { AppModule } from './app.module';
import { csrfMiddleware } from './identity/csrf.middleware';
import { SESSION_STORE } from './identity/session-registry';
import { sessionMiddleware } from './identity/session.middleware';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import type { Runtime } from './runtime/runtime';
import { ApiExceptionFilter } from './shared/api-exception.filter';
import { PinoNestLogger, requestLogger } from './shared/pino-nest-logger';
import { apiValidationPipe } from './shared/validation.pipe';
import { webApp } from './web/web-app.middleware';

/** Body-parser failures answer in the API's error shape, with a sentence a person can act on. */
function bodyErrors(error: { type?: string }, _req: express.Request, res: express.Response, next: express.NextFunction) {
  if (error?.type === 'entity.parse.failed') return res.status(400).json({ error: 'bad_request', message: 'The request body is not valid JSON.' });
  if (error?.type === 'entity.too.large') return res.status(413).json({ error: 'payload_too_large', message: 'The request body is too large.' });
  next(error);
}

export const DEFAULT_WEB_DIST = resolve(__dirname, '../../web/dist');

/** Builds the HTTP + socket application on a runtime; the caller listens. */
export async function createApp(runtime: Runtime, extraModules: Array<new () => unknown> = []): Promise<INestApplication> {
  const root = AppModule.register(runtime);
  const app = await NestFactory.create<NestExpressApplication>({ ...root, imports: [...(root.imports ?? []), ...extraModules] }, {
    logger: new PinoNestLogger(runtime.logger),
    bodyParser: false,
  });
  app.disable('x-powered-by');
  app.use(requestLogger(runtime.logger));
  app.use(express.json({ limit: '256kb' }));
  app.use(bodyErrors);
  app.use(sessionMiddleware(app.get(SESSION_STORE), runtime.infra.readStore));
  app.use(csrfMiddleware);
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(apiValidationPipe);
  if (runtime.infra.redis) app.useWebSocketAdapter(new RedisIoAdapter(app, runtime.infra.redis));

  const openApi = new DocumentBuilder().setTitle('Tocsin API').setVersion('1').build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  const webDist = runtime.config.WEB_DIST ?? DEFAULT_WEB_DIST;
  app.use(webApp(webDist, { [WINDOW_FLAGS.simplePhoneVerification]: String(runtime.config.SIMPLE_PHONE_VERIFICATION) }));
  return app;
}

