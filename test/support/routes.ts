import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { PUBLIC_ROUTE, REQUIRED_PERMISSION } from '../../apps/api/src/access/access.decorators';

export interface RouteInfo {
  method: string;
  path: string;
  access:
    { kind: 'public' } | { kind: 'signed_in' } | { kind: 'permission'; permission: string } | { kind: 'undeclared' };
}

const join = (...parts: string[]) =>
  `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;

/** Every HTTP route of the running app with the access it declares, read from the controllers' metadata. */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const discovery = app.get(DiscoveryService);
  const scanner = new MetadataScanner();
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
    if (!controller || !wrapper.instance) continue;
    // a controller may answer at several paths (phones: /phones and /api/v1/phones)
    const bases = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat().map(String);
    const prototype = Object.getPrototypeOf(wrapper.instance);
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const path = Reflect.getMetadata(PATH_METADATA, handler);
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      const isPublic = Reflect.getMetadata(PUBLIC_ROUTE, handler) ?? Reflect.getMetadata(PUBLIC_ROUTE, controller);
      const permission = Reflect.hasMetadata(REQUIRED_PERMISSION, handler)
        ? Reflect.getMetadata(REQUIRED_PERMISSION, handler)
        : Reflect.getMetadata(REQUIRED_PERMISSION, controller);
      const access: RouteInfo['access'] = isPublic
        ? { kind: 'public' }
        : permission === null
          ? { kind: 'signed_in' }
          : typeof permission === 'string'
            ? { kind: 'permission', permission }
            : { kind: 'undeclared' };
      for (const base of bases)
        for (const p of Array.isArray(path) ? path : [path])
          routes.push({ method, path: join(base, String(p)), access });
    }
  }
  return routes;
}

/** A concrete URL for a route pattern: every `:param` becomes a value no organization owns. */
export const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, 'not-yours-0000');
