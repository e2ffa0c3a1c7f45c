import { CSRF_COOKIE, CSRF_HEADER, SSO_API } from '@tocsin/contracts';
import type { TestApp } from '../support/app';
import type { TestDnsServer } from '../support/dns';
import { CookieFetch } from '../support/oidc';
import type { Client } from '../support/session';

/** Starts single sign-on for `email` in a fresh browser (or `browser`); answers it and the provider's login page URL. */
export async function beginSso(app: TestApp, email: string, browser = new CookieFetch()) {
  const csrf = browser.cookie('127.0.0.1', CSRF_COOKIE);
  const headers = { 'content-type': 'application/json', ...(csrf && { [CSRF_HEADER]: decodeURIComponent(csrf) }) };
  const begun = await browser.fetch(`${app.url}/sessions/sso`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  });
  expect(begun.status).toBe(200);
  const { data } = (await begun.json()) as { data: { redirect_url: string } };
  const login = await browser.follow(data.redirect_url);
  return { browser, authorizeUrl: data.redirect_url, login };
}

/** Signs in at the provider's login form as `email`; answers where the app finally sent the browser. */
export async function signInAtProvider(
  browser: CookieFetch,
  login: { response: Response; url: string },
  email: string,
) {
  const html = await login.response.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeDefined();
  const submitted = await browser.fetch(new URL(action!, login.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login: email, password: 'anything' }).toString(),
  });
  let url = new URL(submitted.headers.get('location')!, login.url).href;
  let response = await browser.fetch(url);
  // Through the provider's redirects up to the app's callback, and the callback's answer.
  while (response.status >= 300 && response.status < 400 && !url.includes('/sessions/sso/callback')) {
    url = new URL(response.headers.get('location')!, url).href;
    response = await browser.fetch(url);
  }
  return { callbackUrl: url, response };
}

/** Publishes `client`'s TXT record for `domain` on the local DNS server and asks the app to check it. */
export async function proveDomain(client: Client, dns: TestDnsServer, domain: string) {
  const status = (
    (await client.get(SSO_API).expect(200)).body.data.domain_statuses as Array<{
      domain: string;
      record: { name: string; value: string };
    }>
  ).find((d) => d.domain === domain)!;
  dns.setTxt(status.record.name, [status.record.value]);
  return client.post(`${SSO_API}/domains/${domain}/verify`).send({});
}
