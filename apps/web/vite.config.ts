import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = 'http://localhost:3000';

/**
 * A browser navigating to a page gets the app; fetches and form posts go to the API. GET /sessions itself
 * is no page: the API ends a staff session there and redirects.
 */
const pageOrApi = (request: {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}) =>
  request.method === 'GET' &&
  request.url?.split('?')[0] !== '/sessions' &&
  String(request.headers.accept ?? '').includes('text/html')
    ? '/index.html'
    : undefined;

/** Built with `vite build --config apps/web/vite.config.ts`; the API serves apps/web/dist. */
export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fromHere('src')}/` },
      { find: '@tocsin/contracts', replacement: fromHere('../../libs/contracts/src') },
      { find: '@tocsin/domain', replacement: fromHere('../../libs/domain/src') },
    ],
  },
  build: { outDir: fromHere('dist'), emptyOutDir: true },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/infra': api,
      '/internal_api': api,
      '/phones': api,
      '/avatars': api,
      '/calendars': api,
      '/socket.io': { target: api, ws: true },
      // paths shared by pages (GET text/html, served by Vite) and API calls (everything else)
      ...Object.fromEntries(
        ['/sessions', '/registrations', '/forgot_passwords', '/password_resets'].map((path) => [
          path,
          { target: api, bypass: pageOrApi },
        ]),
      ),
    },
  },
});
