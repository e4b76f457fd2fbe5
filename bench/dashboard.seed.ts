/**
 * Seeding child of dashboard.bench.ts: sends `amount` requests of one kind through the
 * server's own public write paths (so rows and their daily roll-ups are what production writes).
 *   dashboard.seed.ts <baseUrl> <signup|feedback|report|contact|click> <appSlug|codes,comma,separated> <amount> <connections>
 */
import autocannon from 'autocannon';

const [base, kind, target, amount, connections] = process.argv.slice(2);
const codes = target.split(',');
let n = 0;
const SOURCES = ['twitter', 'newsletter', 'producthunt', 'direct', 'reddit'];
const COUNTRIES = ['US', 'DE', 'FR', 'JP', 'BR', 'GB', 'IN', 'ES'];
const CATEGORIES = ['bug', 'abuse'];
const UAS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];

const body = (i: number) => {
  const email = `u${i}-${process.pid}@bench.example`;
  if (kind === 'signup') return { appSlug: target, email, source: SOURCES[i % SOURCES.length] };
  if (kind === 'feedback') return { appSlug: target, message: `Feedback ${i}: the sync is ${i % 3 ? 'slow' : 'great'} on my phone`, rating: 1 + (i % 5), email };
  if (kind === 'report') return { appSlug: target, message: `Report ${i}: something broke`, category: CATEGORIES[i % 2], email };
  return { appSlug: target, message: `Question ${i} about billing`, name: `User ${i}`, email };
};

const result = await autocannon({
  url: base,
  connections: Number(connections),
  amount: Number(amount),
  requests: [
    kind === 'click'
      ? {
          setupRequest: (req: any) => {
            const i = n++;
            return { ...req, method: 'GET', path: `/l/${codes[i % codes.length]}`, headers: { 'user-agent': UAS[i % UAS.length], 'cf-ipcountry': COUNTRIES[i % COUNTRIES.length] } };
          },
        }
      : {
          setupRequest: (req: any) => {
            const i = n++;
            return {
              ...req,
              method: 'POST',
              path: kind === 'signup' ? '/api/public/waitlist' : `/api/public/${kind}`,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 'cf-ipcountry': COUNTRIES[i % COUNTRIES.length] },
              body: JSON.stringify(body(i)),
            };
          },
        },
  ],
} as any);
const by: Record<string, number> = {};
for (const [s, v] of Object.entries((result as any).statusCodeStats ?? {})) by[s] = (v as { count: number }).count;
process.stdout.write(JSON.stringify({ total: result.requests.total, byStatus: by, errors: result.errors }));
