import { delivered, failed, type DeliveryResult } from '../channels.port';
import { deliverOverHttp, type EgressOptions, type EgressResponse } from '../egress';

/** A webhook address a person typed: an absolute URL, https in production (it carries the webhook's secret). */
function webhookRefusal(address: string, requireHttps: boolean): DeliveryResult | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return failed(false, 'refused: the webhook address is not a URL');
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && !requireHttps) return null;
  return failed(false, `refused: the webhook address must start with https:// (not ${url.protocol}//)`);
}

/**
 * Posts a page's JSON payload to an incoming webhook (Slack, Teams): the address is the webhook URL, checked
 * first. A 2xx is delivered under the answer's text (no provider keeps an id for us) unless `refusedIn` finds
 * a refusal written in it.
 */
export async function postToWebhook(
  address: string,
  attemptId: string,
  payload: unknown,
  options: { egress: EgressOptions; requireHttps: boolean },
  refusedIn: (response: EgressResponse) => DeliveryResult | null = () => null,
): Promise<DeliveryResult> {
  const refusal = webhookRefusal(address, options.requireHttps);
  if (refusal) return refusal;
  return deliverOverHttp(
    { url: address, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) },
    options.egress,
    (response) => refusedIn(response) ?? delivered(attemptId, response.body || `${response.status}`),
  );
}
