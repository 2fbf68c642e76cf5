import { z } from 'zod';

// Date inputs accepted on the wire (CONVENTIONS decision 2), shared by every contract that takes dates.
/** What the OpenAPI document says a date input looks like (the parse below is the exact rule). */
const wireDateDocPattern = '^\\s*\\d{4}[/-]\\d{2}[/-]\\d{2}(?:[ T].*)?$';
const wireDatePattern = /^(\d{4})[/-](\d{2})[/-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * An instant from the accepted date inputs (decision 2): 'YYYY/MM/DD HH:mm:ss' and 'YYYY-MM-DD HH:mm:ss'
 * (UTC), 'YYYY-MM-DD' (midnight UTC), or ISO 8601 with a zone. Null when unreadable.
 */
export function parseWireInstant(value: string): Date | null {
  const text = value.trim();
  const m = wireDatePattern.exec(text);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
    const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    const date = new Date(ms);
    // Reject impossible days (2025-02-30 would roll over to March).
    if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return null;
    return date;
  }
  if (!/^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** The UTC calendar day ('YYYY-MM-DD') of an accepted date input, or null. */
export function parseWireDay(value: string): string | null {
  const instant = parseWireInstant(value);
  return instant ? instant.toISOString().slice(0, 10) : null;
}

/** A calendar day in any accepted input form; the handler receives 'YYYY-MM-DD'. */
export const ZDayInput = z
  .string()
  .describe("a calendar day: 'YYYY-MM-DD' (or a date-time of decision 2, of which the UTC day is used)")
  .transform((value, ctx) => {
    const day = parseWireDay(value);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'must be a date YYYY-MM-DD' });
      return z.NEVER;
    }
    return day;
  })
  .meta({ pattern: wireDateDocPattern });

/** A date-time in any accepted input form; the handler receives a Date. */
export const ZInstantInput = z
  .string()
  .describe("'YYYY/MM/DD HH:mm:ss' UTC, 'YYYY-MM-DD HH:mm:ss' UTC, 'YYYY-MM-DD' or ISO 8601")
  .transform((value, ctx) => {
    const instant = parseWireInstant(value);
    if (!instant) {
      ctx.addIssue({ code: 'custom', message: 'must be a date-time' });
      return z.NEVER;
    }
    return instant;
  })
  .meta({ pattern: wireDateDocPattern });
