/** Invoices and zones: static-looking data derived from the seed. */

import { type Rng, seededInt, seededUuid } from './random.ts';
import type { Invoice } from './state.ts';

const LINE_LABELS = [
  'Applications: compute (scalers)',
  'PostgreSQL add-on',
  'Cellar S3 storage',
  'Redis add-on',
  'Outbound traffic',
  'Build instances',
];

export function buildInvoices(rng: Rng, ownerId: string, prefix: string, count: number): Invoice[] {
  const invoices: Invoice[] = [];
  for (let i = 0; i < count; i++) {
    const month = 11 - i;
    const emission = new Date(Date.UTC(2025, month, 1, 6, 0, 0));
    const lines = LINE_LABELS.slice(0, seededInt(rng, 2, LINE_LABELS.length)).map((label) => ({
      label,
      amount: seededInt(rng, 150, 9000) / 100,
    }));
    const excluded = Math.round(lines.reduce((sum, line) => sum + line.amount, 0) * 100) / 100;
    const status = i === 0 ? 'PENDING' : i === count - 1 && count > 3 ? 'CANCELED' : 'PAID';
    invoices.push({
      ownerId,
      invoice_number: `${prefix}${emission.getUTCFullYear()}${String(month + 1).padStart(2, '0')}-${String(seededInt(rng, 1000, 9999))}`,
      kind: 'INVOICE',
      status,
      emission_date: emission.toISOString(),
      pay_date:
        status === 'PAID' ? new Date(emission.getTime() + seededInt(rng, 1, 9) * 86_400_000).toISOString() : null,
      currency: 'EUR',
      total_tax: { amount: Math.round(excluded * 20) / 100, currency: 'EUR' },
      total_tax_excluded: { amount: excluded, currency: 'EUR' },
      lines,
    });
  }
  return invoices;
}

const ZONES = [
  ['par', 'Paris', 'France', 'FR', 48.8566, 2.3522, 'region:eu'],
  ['parhds', 'Paris (HDS)', 'France', 'FR', 48.8566, 2.3522, 'region:eu'],
  ['rbx', 'Roubaix', 'France', 'FR', 50.6942, 3.1746, 'region:eu'],
  ['gra', 'Gravelines', 'France', 'FR', 50.9865, 2.1281, 'region:eu'],
  ['wsw', 'Warsaw', 'Poland', 'PL', 52.2297, 21.0122, 'region:eu'],
  ['mtl', 'Montreal', 'Canada', 'CA', 45.5017, -73.5673, 'region:na'],
  ['sgp', 'Singapore', 'Singapore', 'SG', 1.3521, 103.8198, 'region:ap'],
  ['syd', 'Sydney', 'Australia', 'AU', -33.8688, 151.2093, 'region:ap'],
] as const;

export function buildZones(rng: Rng): Record<string, unknown>[] {
  return ZONES.map(([name, city, country, countryCode, lat, lon, region]) => ({
    id: seededUuid(rng),
    name,
    displayName: city,
    country,
    countryCode,
    city,
    lat,
    lon,
    outboundIPs: [`198.51.100.${seededInt(rng, 2, 250)}`],
    tags: [region, 'infra:sandbox', 'for:applications', ...(name === 'par' ? ['default'] : [])],
  }));
}
