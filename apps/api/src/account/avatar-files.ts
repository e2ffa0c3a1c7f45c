import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';

/** SPEC.md section 5, image dropzone defaults. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.svg'] as const;
export const TYPE_REFUSED = `File type not supported. Allowed: ${AVATAR_EXTENSIONS.join(', ')}`;
export const SIZE_REFUSED = `File too large. Maximum size: ${AVATAR_MAX_BYTES / 1024 / 1024}MB`;

/** Shipped beside the code (apps/api/assets): found from src (tests) and from dist (npm start) alike. */
export const DEFAULT_AVATAR = 'thumb100.png';
export const DEFAULT_AVATAR_PATH = resolve(__dirname, '../../assets', DEFAULT_AVATAR);

type ImageKind = 'png' | 'jpg' | 'svg';
export const CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' };
const KIND_OF_EXTENSION: Record<string, ImageKind> = { '.png': 'png', '.jpg': 'jpg', '.jpeg': 'jpg', '.svg': 'svg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// An SVG may open with a BOM, an XML declaration, comments and a doctype before its <svg> element.
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i;

/** What the bytes are, whatever the name says. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (SVG_START.test(bytes.subarray(0, 4096).toString('utf8'))) return 'svg';
  return null;
}

/** The kind of an upload whose name and content agree on an allowed type, else null. */
export function acceptedKind(originalName: string, bytes: Buffer): ImageKind | null {
  const claimed = KIND_OF_EXTENSION[extname(originalName).toLowerCase()];
  return claimed && sniffImage(bytes) === claimed ? claimed : null;
}

/** Names are ours (a UUID and the real type's extension), so a stored name never comes from a client. */
export const STORED_NAME = /^[0-9a-f-]{36}\.(png|jpg|svg)$/;

export const avatarDir = (dataDir: string, userId: string) => join(dataDir, 'avatars', userId);

export async function storeAvatar(dataDir: string, userId: string, kind: ImageKind, bytes: Buffer): Promise<string> {
  const imageName = `${randomUUID()}.${kind}`;
  await mkdir(avatarDir(dataDir, userId), { recursive: true });
  await writeFile(join(avatarDir(dataDir, userId), imageName), bytes, { flag: 'wx' });
  return imageName;
}

export async function removeAvatar(dataDir: string, userId: string, imageName: string): Promise<void> {
  if (STORED_NAME.test(imageName)) await rm(join(avatarDir(dataDir, userId), imageName), { force: true });
}

export const kindOfStoredName = (imageName: string): ImageKind =>
  imageName.slice(imageName.lastIndexOf('.') + 1) as ImageKind;
