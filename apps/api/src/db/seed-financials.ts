import { calculateInvoicePlatformFee } from '@app/domain/invoicing/invoice-totals';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from './client';
import { customers } from './schema/customers';
import type { dealers, installers } from './schema/identity';
import { invoiceNumberSeries, invoices, payments } from './schema/money';
import { requestServices, requestStateHistory, serviceRequests } from './schema/service-requests';
import type { DemoVehicle } from './seed-data/vehicles';

type Dealer = typeof dealers.$inferSelect;
type Installer = typeof installers.$inferSelect;

const DAY_MS = 86_400_000;
/** Jobs per month for each installer, in the order given (the main shop is the busiest). */
const JOBS_PER_MONTH = [8, 5, 4];
const MONTHS = 12;

/** Work the history bills: [category, description, wholesale cents, retail cents]. */
const WORK: [string, string, number, number][] = [
  ['PPF', 'Full Front PPF', 120_000, 159_500],
  ['Glass/Tint', 'Ceramic Window Tint (all sides)', 32_000, 42_500],
  ['Paint', 'Paint Correction (1-step)', 45_000, 59_900],
  ['Other Services', 'Ceramic Coating', 80_000, 104_900],
  ['PPF', 'Partial Front PPF', 65_000, 84_500],
  ['Glass/Tint', 'Windshield Tint', 18_000, 24_900],
];
const CARDS = [
  ['4242', 'visa'],
  ['5454', 'mastercard'],
  ['0005', 'amex'],
] as const;

/** A small deterministic generator, so every seed has the same history. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type Job = {
  installer: Installer;
  dealer: Dealer | null;
  customer: { id: number; name: string; email: string | null } | null;
  date: Date;
  lines: { category: string; description: string; amountCents: number; discountCents: number }[];
  taxRateBps: number;
};

/**
 * A year of finished work for the financials screen and its chart (issue 13): for each installer, jobs in
 * every month up to two days ago, for both dealerships and its retail customers, each with its lines, its
 * state history (created, then reviewed, so the history stays out of the work lists), its final invoice
 * taking the next numbers of the installer's series (call it before the demo's other invoices: EAF-1040 …)
 * and its payment row: paid by
 * card, check, online or cash, settled, invoiced or pending, more of them unpaid the more recent. Written with
 * one bulk insert per table.
 */
export async function seedFinancialHistory(
  tx: Tx,
  {
    now,
    dealers: billedDealers,
    installers: shops,
    vehicles,
  }: {
    now: Date;
    dealers: Dealer[];
    installers: Installer[];
    /** The demo's vehicles (VINs that decode to their year, make and model). */
    vehicles: readonly Pick<DemoVehicle, 'vin' | 'year' | 'make' | 'model' | 'size'>[];
  },
): Promise<void> {
  const next = random(13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const series = await tx.select().from(invoiceNumberSeries);
  const latest = now.getTime() - 2 * DAY_MS;

  const jobs: Job[] = [];
  for (const [index, installer] of shops.entries()) {
    const own = await tx
      .select({ id: customers.id, name: customers.name, email: customers.email })
      .from(customers)
      .where(and(eq(customers.owningInstallerId, installer.id), isNotNull(customers.email)));
    const perMonth = JOBS_PER_MONTH[index] ?? 4;
    for (let back = MONTHS - 1; back >= 0; back -= 1) {
      for (let j = 0; j < perMonth; j += 1) {
        const day = 1 + ((j * 7 + back * 3 + index * 5) % 27);
        const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, 10));
        if (date.getTime() > latest) continue;
        const retail = own.length > 0 && j % 3 === 2;
        const lines = Array.from({ length: 1 + Math.floor(next() * 2) }, (_, k) => {
          const [category, description, wholesale, retailPrice] = pick(WORK);
          return {
            category,
            description,
            amountCents: retail ? retailPrice : wholesale,
            discountCents: k === 0 && next() < 0.2 ? 5_000 : 0,
          };
        });
        jobs.push({
          installer,
          dealer: retail ? null : (billedDealers[(j + back) % billedDealers.length] ?? null),
          customer: retail ? pick(own) : null,
          date,
          lines,
          taxRateBps: retail ? installer.taxRateBps : 0,
        });
      }
    }
  }
  if (vehicles.length === 0) throw new Error('The financial history needs the demo vehicles');
  if (jobs.length === 0) return;
  jobs.sort((a, b) => a.date.getTime() - b.date.getTime() || a.installer.id - b.installer.id);

  const numbers = new Map<number, number>();
  const planned = jobs.map((job, k) => {
    const total = job.lines.reduce((s, l) => s + l.amountCents, 0);
    const discount = job.lines.reduce((s, l) => s + l.discountCents, 0);
    const taxes = Math.round(((total - discount) * job.taxRateBps) / 10_000);
    const own = series.find((s) => s.installerId === job.installer.id);
    if (!own) throw new Error(`installer ${job.installer.id} has no invoice series`);
    const seq = (numbers.get(job.installer.id) ?? own.lastNumber) + 1;
    numbers.set(job.installer.id, seq);
    const prefix = own.prefix;
    const vehicle = vehicles[k % vehicles.length] as (typeof vehicles)[number];
    return { job, total, discount, taxes, number: `${prefix}-${seq}`, vehicle };
  });

  const requests = await tx
    .insert(serviceRequests)
    .values(
      planned.map(({ job, total, discount, taxes, number, vehicle }) => ({
        requestType: job.dealer ? 'dealer' : 'installer',
        requestorDealerId: job.dealer?.id ?? null,
        requestorInstallerId: job.dealer ? null : job.installer.id,
        assignedInstallerId: job.installer.id,
        dealerId: job.dealer?.id ?? null,
        customerId: job.customer?.id ?? null,
        vin: vehicle.vin,
        vehicleYear: vehicle.year,
        vehicleMake: vehicle.make,
        vehicleModel: vehicle.model,
        vehicleSize: vehicle.size,
        serviceRequested: job.lines.map((l) => l.description).join(', '),
        totalCents: total,
        discountCents: discount,
        feeCents: Math.round((total - discount) * 0.05),
        taxesCents: taxes,
        durationTenths: job.lines.length * 10,
        availableDate: job.date,
        dueDate: new Date(job.date.getTime() + DAY_MS),
        createdDate: new Date(job.date.getTime() - 4 * DAY_MS),
        currentState: 'reviewed',
        invoiceNumber: number,
      })),
    )
    .returning({ id: serviceRequests.id });

  await tx.insert(requestServices).values(
    planned.flatMap(({ job }, k) =>
      job.lines.map((l, position) => ({
        requestId: requests[k]?.id as number,
        position,
        serviceCategory: l.category,
        description: l.description,
        amountCents: l.amountCents,
        discountCents: l.discountCents,
        feeCents: Math.round((l.amountCents - l.discountCents) * 0.05),
        durationTenths: 10,
        serviceState: 'finished',
        serviceDate: job.date,
      })),
    ),
  );
  await tx.insert(requestStateHistory).values(
    planned.flatMap(({ job }, k) => [
      {
        requestId: requests[k]?.id as number,
        requestStatus: 'created',
        stateDate: new Date(job.date.getTime() - 4 * DAY_MS),
      },
      {
        requestId: requests[k]?.id as number,
        requestStatus: 'reviewed',
        stateDate: new Date(job.date.getTime() + DAY_MS),
      },
    ]),
  );

  const outcomes = planned.map(({ job }) => {
    const age = (now.getTime() - job.date.getTime()) / DAY_MS;
    const r = next();
    const unpaidShare = age > 45 ? 0 : age > 15 ? 0.4 : 0.7;
    if (r < unpaidShare * 0.7) return { state: 'invoiced' as const };
    if (r < unpaidShare) return { state: 'pending' as const };
    const how = next();
    const method =
      how < 0.4 ? 'card' : how < 0.7 ? 'check' : how < 0.85 ? 'online' : how < 0.93 ? 'cash' : 'settle';
    const paidAt = new Date(
      Math.min(job.date.getTime() + DAY_MS * (2 + Math.floor(next() * 20)), now.getTime() - 3_600_000),
    );
    return { state: method === 'settle' ? ('settled' as const) : ('paid' as const), method, paidAt };
  });

  const created = await tx
    .insert(invoices)
    .values(
      planned.map(({ job, total, discount, taxes, number }, k) => {
        const amount = total - discount + taxes;
        const outcome = outcomes[k] as (typeof outcomes)[number];
        const paid = outcome.state === 'paid' || outcome.state === 'settled';
        const invoiceDate = new Date(job.date.getTime() + DAY_MS - 3_600_000);
        return {
          requestId: requests[k]?.id as number,
          installerId: job.installer.id,
          dealerId: job.dealer?.id ?? null,
          customerId: job.customer?.id ?? null,
          invoiceType: 'final',
          number,
          customerFacingNumber: number,
          status: paid ? 'paid' : 'open',
          amountDueCents: amount,
          amountRemainingCents: paid ? 0 : amount,
          amountPaidCents: paid ? amount : 0,
          taxCents: taxes,
          customerName: job.dealer?.name ?? job.customer?.name ?? null,
          customerEmail: job.dealer?.billingEmail ?? job.dealer?.email ?? job.customer?.email ?? null,
          poNumber: job.dealer && k % 4 === 0 ? `PO-${24_000 + k}` : null,
          description: job.lines.map((l) => l.description).join(', '),
          metadata: { payment_type: 'final', request_id: String(requests[k]?.id), provider: 'local' },
          providerInvoiceId: `in_demo_hist_${requests[k]?.id}`,
          idempotencyKey: `seed:history:${requests[k]?.id}`,
          invoiceDate,
          finalizedAt: invoiceDate,
          paidAt: 'paidAt' in outcome ? outcome.paidAt : null,
          createdAt: invoiceDate,
          updatedAt: invoiceDate,
        };
      }),
    )
    .returning({ id: invoices.id, amount: invoices.amountDueCents, tax: invoices.taxCents });

  await tx.insert(payments).values(
    planned.map(({ job }, k) => {
      const invoice = created[k] as (typeof created)[number];
      const outcome = outcomes[k] as (typeof outcomes)[number];
      const method = 'method' in outcome ? outcome.method : null;
      const card = method === 'card' || method === 'online' ? pick(CARDS) : null;
      return {
        requestId: requests[k]?.id as number,
        invoiceId: invoice.id,
        installerId: job.installer.id,
        paymentType: 'final',
        paymentState: outcome.state,
        amountCents: invoice.amount,
        platformFeeCents: calculateInvoicePlatformFee(invoice.amount, { taxCents: invoice.tax }),
        method,
        checkNumber: method === 'check' ? String(4100 + k) : null,
        cardLast4: card?.[0] ?? null,
        cardType: card?.[1] ?? null,
        payoutId: card ? `po_demo_${invoice.id}` : null,
        paymentDate: 'paidAt' in outcome ? outcome.paidAt : null,
        idempotencyKey: `seed:history:payment:${invoice.id}`,
        createdAt: new Date(job.date.getTime() + DAY_MS - 3_600_000),
      };
    }),
  );
  for (const [installerId, lastNumber] of numbers) {
    await tx
      .update(invoiceNumberSeries)
      .set({ lastNumber })
      .where(eq(invoiceNumberSeries.installerId, installerId));
  }
}
