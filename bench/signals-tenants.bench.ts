import http from 'node:http';
import autocannon from 'autocannon';
import { alertmanager, gateway, pagedTeam, pageLatency, paced, postJson, settle, signalsEnv } from './signals.bench';
import { freePort, median, signIn, startChild, stopChild, type Session } from './support';

/**
 * One tenant must not slow another's pages (issue 19): organization B sends new alerts at a steady 20 a second,
 * each paging its on-call person at once, and its ingest -> first page p99 is measured alone, while organization A
 * sends 200 new alerts a second (each paging too), and while A repeats one alert as fast as it can. Each measure
 * runs `rounds` times; the figures are medians with their range, and the ratios to B's quiet p99 (aim: <= 2x).
 */
const B_RATE = 20;
const A_NEW_RATE = 200;
const A_REPEAT_CONNECTIONS = 16;

/** A second organization, signed up as a person does it (the dev mailbox holds the link, as on a workstation). */
async function signUpOrganization(url: string, name: string): Promise<Session> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@bench.tocsin.dev`;
  const password = 'tocsin-bench-password';
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const started = await post('/registrations', { name, email });
  if (started.status !== 202) throw new Error(`sign-up of ${name}: ${started.status} ${await started.text()}`);
  let link: RegExpExecArray | null = null;
  for (let tries = 0; !link && tries < 50; tries++) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 100));
    const mailbox = await fetch(`${url}/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mail = (await mailbox.json()) as { data: Array<{ text: string }> };
    link = /\/registrations\/([0-9a-f-]+)\/complete\?token=([A-Za-z0-9_-]+)/.exec(mail.data[0]?.text ?? '');
  }
  if (!link) throw new Error(`no sign-up link mailed to ${email}`);
  const done = await post(`/registrations/${link[1]}/complete`, {
    token: link[2],
    password,
    password_confirmation: password,
    organization_name: name,
  });
  if (done.status !== 201) throw new Error(`sign-up of ${name}: ${done.status} ${await done.text()}`);
  return signIn(url, email, password);
}

/** A's storm of new alerts, each paging: `rate` payloads of one new alert a second; counts what was accepted. */
function newAlertStorm(url: string, path: string, seconds: number, pid: number, tag: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(url);
  let accepted = 0;
  const done = paced(A_NEW_RATE, seconds, pid, (i) =>
    postJson(agent, target, path, alertmanager([`storm-${tag}-${i}`]), (status) => {
      if (status === '202') accepted++;
    }),
  );
  return done.then(() => {
    agent.destroy();
    return { perSec: accepted / seconds };
  });
}

/** A's storm of repeats: one alert, as fast as `connections` clients can send it. */
async function repeatStorm(url: string, path: string, seconds: number) {
  const result = await autocannon({
    url: `${url}${path}`,
    method: 'POST',
    duration: seconds,
    connections: A_REPEAT_CONNECTIONS,
    headers: { 'content-type': 'application/json' },
    body: alertmanager(['repeated-by-a']),
  });
  return { perSec: result['2xx'] / seconds };
}

interface Run {
  p50Ms: number;
  p99Ms: number;
  /** B's ingest answer p99: what of the page's latency is spent before the 202. */
  answerP99Ms: number;
  paged: number;
  sent: number;
  failed: number;
  /** A's accepted payloads a second during the measure (0 when A is quiet). */
  aPerSec: number;
}

const summary = (runs: Run[]) => {
  const p99s = runs.map((r) => r.p99Ms);
  return {
    p99Ms: median(p99s),
    p99MinMs: Math.min(...p99s),
    p99MaxMs: Math.max(...p99s),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    answerP99Ms: median(runs.map((r) => r.answerP99Ms)),
    aPerSec: median(runs.map((r) => r.aPerSec)),
    runs,
  };
};

export async function benchSignalsTenants(rounds = Number(process.env.BENCH_TENANTS_ROUNDS ?? 3)) {
  const seconds = Number(process.env.BENCH_TENANTS_SECONDS ?? 15);
  const pager = await gateway();
  const port = await freePort();
  const { child } = await startChild(['apps/api/dist/main.js'], signalsEnv(port, pager), /Tocsin is running/);
  const url = `http://127.0.0.1:${port}`;
  const pid = child.pid!;
  try {
    const b = await signIn(url);
    const bTeam = await pagedTeam(url, b, '+14155550100');
    const bPath = `/ingest/${(await bTeam.source('Tenant B', bTeam.policy)).token}/alertmanager`;
    const a = await signUpOrganization(url, 'Tenant A');
    const aTeam = await pagedTeam(url, a, '+14155550111');
    // A's source auto-resolves: each repeat starts its quiet period over, which the paging engine handles
    const aSource = await aTeam.source('Tenant A', aTeam.policy, { auto_resolve_after: 'PT1H' });
    const aPath = `/ingest/${aSource.token}/alertmanager`;
    await pageLatency(url, bPath, pager.received, B_RATE, 3, pid, 'warm-up');
    const storms: Record<'quiet' | 'newAlerts' | 'repeats', (round: number) => Promise<{ perSec: number }> | null> = {
      quiet: () => null,
      newAlerts: (round) => newAlertStorm(url, aPath, seconds, pid, String(round)),
      repeats: () => repeatStorm(url, aPath, seconds),
    };
    const runs: Record<keyof typeof storms, Run[]> = { quiet: [], newAlerts: [], repeats: [] };
    // rounds interleave the measures, so a neighbour's load on the machine spreads over all three
    for (let round = 0; round < rounds; round++)
      for (const name of Object.keys(storms) as Array<keyof typeof storms>) {
        await settle(url, b);
        const storm = storms[name](round);
        const latency = await pageLatency(url, bPath, pager.received, B_RATE, seconds, pid, `b-${name}-${round}`);
        const aRate = await storm;
        const { p50Ms, p99Ms, answerP99Ms, paged, sent, failed } = latency;
        if (!paged || !Number.isFinite(p99Ms))
          throw new Error(`tenants, ${name}, round ${round}: none of B's ${sent} alerts paged (${failed} refused)`);
        if (aRate && !aRate.perSec)
          throw new Error(`tenants, ${name}, round ${round}: A's storm sent nothing accepted`);
        runs[name].push({ p50Ms, p99Ms, answerP99Ms, paged, sent, failed, aPerSec: aRate?.perSec ?? 0 });
        console.log(
          `  tenants ${name} round ${round}: B p99 ${p99Ms.toFixed(1)} ms (answer ${answerP99Ms.toFixed(1)}), A ${(aRate?.perSec ?? 0).toFixed(0)}/s`,
        );
      }
    const quiet = summary(runs.quiet);
    const newAlerts = summary(runs.newAlerts);
    const repeats = summary(runs.repeats);
    return {
      seconds,
      rounds,
      bRate: B_RATE,
      aNewRate: A_NEW_RATE,
      quiet,
      newAlerts: { ...newAlerts, ratio: newAlerts.p99Ms / quiet.p99Ms },
      repeats: { ...repeats, ratio: repeats.p99Ms / quiet.p99Ms },
    };
  } finally {
    await stopChild(child);
    await pager.close();
  }
}
