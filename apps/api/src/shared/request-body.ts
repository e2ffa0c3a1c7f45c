import { SMS_REPLY_WEBHOOK_PATH } from '@tocsin/contracts';
import express from 'express';
import { checkWellFormed, MAX_DEPTH, nestedTooDeeply } from './well-formed';
import { ownValue } from '@tocsin/domain';

type Handler = express.RequestHandler;

const BODY_LIMIT = '256kb';
const TOO_DEEP = 'entity.too.deep';
const ENCODINGS = ['identity', 'gzip', 'deflate', 'br'];
const ENCODING_NAMES: Record<string, string> = { gzip: 'gzip', deflate: 'deflate', br: 'Brotli (br)' };
// exactly what express.json reads: a type it would skip would leave the body unread, the call run without it
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;
// SMS providers post replies as a form (Twilio): read as such on their webhook only
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
// The calls that read a multipart upload (multer); anywhere else a multipart body would go unread and
// the call run as if sent nothing.
const MULTIPART_PATHS = new Set(['/api/v1/account/avatar']);

const refuse = (
  res: express.Response,
  status: number,
  error: string,
  message: string,
  fields?: Record<string, string[]>,
) => res.status(status).json({ error, message, ...(fields && { fields }) });

const hasBody = (req: express.Request) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const encodingOf = (req: express.Request) => (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();

/**
 * Refused before a byte is read: a Content-Encoding we do not decode (body-parser would throw an
 * untyped error for 'compress' or 'gzip, br'), and a body that is neither JSON nor an upload to a call
 * that takes one (a form or text body would otherwise read as 'every field missing', or go unread).
 */
const gate: Handler = (req, res, next) => {
  if (!hasBody(req)) return next();
  if (!ENCODINGS.includes(encodingOf(req))) {
    return refuse(
      res,
      415,
      'unsupported_media_type',
      `The Content-Encoding "${encodingOf(req).slice(0, 40)}" is not supported: send the body as identity, gzip, deflate or br.`,
    );
  }
  const type = req.headers['content-type'] ?? '';
  if (
    JSON_TYPE.test(type) ||
    (MULTIPART_TYPE.test(type) && MULTIPART_PATHS.has(req.path.toLowerCase().replace(/\/+$/, ''))) ||
    (FORM_TYPE.test(type) && SMS_REPLY_WEBHOOK_PATH.test(req.path))
  )
    return next();
  return refuse(
    res,
    415,
    'unsupported_media_type',
    'Send the request body as JSON, with the header Content-Type: application/json.',
  );
};

interface BodyError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/**
 * Body-parser failures answer in the API's error shape, with a sentence a person can act on. Any other
 * error met while reading the body (a truncated or corrupt compressed stream, a length that lies) is the
 * sender's: a 400, never a 500.
 */
function bodyErrors(error: BodyError, req: express.Request, res: express.Response, next: express.NextFunction) {
  const status = error?.status ?? error?.statusCode;
  if (!status) return next(error);
  if (error.type === TOO_DEEP)
    return refuse(res, 400, 'invalid', `The request body is nested too deeply (at most ${MAX_DEPTH} levels).`);
  if (error.type === 'entity.parse.failed')
    return refuse(res, 400, 'bad_request', 'The request body is not valid JSON.');
  if (error.type === 'entity.too.large' || status === 413)
    return refuse(res, 413, 'payload_too_large', 'The request body is too large.');
  if (error.type === 'charset.unsupported')
    return refuse(
      res,
      415,
      'unsupported_media_type',
      'Send the request body as UTF-8 JSON (Content-Type: application/json; charset=utf-8).',
    );
  const encoding = encodingOf(req);
  const encodingName = ownValue(ENCODING_NAMES, encoding);
  if (encodingName) return refuse(res, 400, 'bad_request', `The request body is not valid ${encodingName}.`);
  if (status >= 400 && status < 500)
    return refuse(res, 400, 'bad_request', 'The request body could not be read: send it again in full.');
  next(error);
}

/** The bytes as sent, on the SMS reply webhook only: a gateway signs them, not what parsing makes of them. */
export type WithRawBody = express.Request & { rawBody?: string };
function keepRawBody(req: express.Request, _res: unknown, buffer: Buffer): void {
  if (SMS_REPLY_WEBHOOK_PATH.test(req.path)) (req as WithRawBody).rawBody = buffer.toString('utf8');
}

/** Over-deep JSON is refused before it is parsed (see `nestedTooDeeply`), then the bytes are kept as above. */
function checkDepthAndKeep(req: express.Request, res: unknown, buffer: Buffer): void {
  if (nestedTooDeeply(buffer)) throw Object.assign(new Error('nested too deeply'), { status: 400, type: TOO_DEEP });
  keepRawBody(req, res, buffer);
}

/** A JSON body is parsed within bounds of size and nesting, and holds only well-formed text. */
const wellFormed: Handler = (req, res, next) => {
  const problem = checkWellFormed(req.body, req.query);
  if (!problem) return next();
  if (!problem.field) return refuse(res, 400, 'invalid', problem.message);
  return refuse(res, 400, 'invalid', `Invalid request: ${problem.message}`, { [problem.field]: [problem.message] });
};

/**
 * The ingest URLs read their own bodies (raw bytes, for signatures; any body, so a bad one is logged as
 * received), and heartbeat pings take any body and read none: the JSON pipeline steps aside for them.
 */
const OWN_BODY = /^\/(?:ingest|heartbeats)\//;
const unlessOwnBody =
  (handler: Handler): Handler =>
  (req, res, next) =>
    OWN_BODY.test(req.path) ? next() : handler(req, res, next);

export const jsonBody = (): Array<Handler | express.ErrorRequestHandler> => [
  unlessOwnBody(gate),
  unlessOwnBody(express.json({ limit: BODY_LIMIT, verify: checkDepthAndKeep })),
  unlessOwnBody(express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 100, verify: keepRawBody })),
  bodyErrors,
  unlessOwnBody(wellFormed),
];
