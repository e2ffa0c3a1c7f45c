import { bodyEncoding, fillTemplate, gatewayUrlProblem } from './gateway-template';

const values = { to: '+15557654321', text: 'Disk "full" & 100%\nhttps://x/?a=1', kind: 'sms', id: 'att-1' };

describe('gateway templates', () => {
  it('URL-encodes in a URL, JSON-escapes in JSON, leaves other braces alone', () => {
    expect(fillTemplate('https://gw/send?to={to}&text={text}', values, 'url')).toBe(
      'https://gw/send?to=%2B15557654321&text=Disk%20%22full%22%20%26%20100%25%0Ahttps%3A%2F%2Fx%2F%3Fa%3D1',
    );
    const json = fillTemplate('{"to":"{to}","text":"{text}","unknown":"{other}"}', values, 'json');
    expect(JSON.parse(json)).toEqual({ to: values.to, text: values.text, unknown: '{other}' });
    expect(fillTemplate('{kind}:{id}', values, 'raw')).toBe('sms:att-1');
  });

  it('picks the encoding from the content type', () => {
    expect(bodyEncoding('application/json; charset=utf-8')).toBe('json');
    expect(bodyEncoding('application/vnd.api+json')).toBe('json');
    expect(bodyEncoding('application/x-www-form-urlencoded')).toBe('url');
    expect(bodyEncoding('text/xml; charset=utf-8')).toBe('xml');
    expect(bodyEncoding('application/soap+xml')).toBe('xml');
    expect(bodyEncoding('text/plain')).toBe('raw');
  });

  it('accepts a URL with a fixed host and {to} somewhere', () => {
    expect(gatewayUrlProblem('https://gw.example/send?to={to}&text={text}')).toBeNull();
    expect(gatewayUrlProblem('https://gw.example:8443/v1/messages', '{"to":"{to}"}')).toBeNull();
  });

  it('refuses a host chosen by a placeholder, other schemes, a missing {to}, no URL', () => {
    expect(gatewayUrlProblem('https://{to}.gw.example/send')).toMatch(/after the host/);
    expect(gatewayUrlProblem('https://user:{text}@gw.example/send?to={to}')).toMatch(/after the host/);
    expect(gatewayUrlProblem('ftp://gw.example/{to}')).toMatch(/https:\/\//);
    expect(gatewayUrlProblem('https://gw.example/send?text={text}')).toMatch(/\{to\}/);
    expect(gatewayUrlProblem('gw.example/send?to={to}')).toMatch(/absolute URL/);
  });
});
